import { sql } from 'kysely';
import { LIBRARY_PAGE, type MediaSource } from '@shared/schemas/media-library';
import type { Db } from '../../platform/db/database';
import type { MediaFilesTable } from '../../platform/db/schema';

/** A new library row: what is known of a file as it is stored. */
export interface NewLibraryFile {
  fileId: string;
  type: 'image' | 'video';
  mime: string;
  bytes: number;
  altText: string;
  source: MediaSource;
  template: string | null;
  /** False for a made image shown as a preview only; keeping it on a post sets it. */
  kept: boolean;
}

/** A kept file as the library lists it, with how many of the user's posts show it. */
export type LibraryRow = MediaFilesTable & { usedBy: number };

export interface LibraryFilter {
  q?: string;
  type?: 'image' | 'video';
  before?: string;
}

/** `text` as a LIKE pattern matching itself only: `%`, `_` and the escape character are escaped with `\`. */
export const likeLiteral = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);

/** The media library's rows (media_files): every file a user uploaded or had made, with its alt text. */
export function createLibraryRepository(db: Db) {
  return {
    /** Records a stored file; a second record of the same file changes nothing. */
    async insert(userId: string, file: NewLibraryFile, createdAt: string): Promise<void> {
      await db
        .insertInto('media_files')
        .values({ userId, ...file, kept: file.kept ? 1 : 0, createdAt })
        .onConflict((conflict) => conflict.columns(['userId', 'fileId']).doNothing())
        .execute();
    },

    find: (userId: string, fileId: string): Promise<MediaFilesTable | undefined> =>
      db.selectFrom('media_files').selectAll().where('userId', '=', userId).where('fileId', '=', fileId).executeTakeFirst(),

    /** Marks made images as kept (they were put on a post): the library lists them from now on. */
    async markKept(userId: string, fileIds: string[]): Promise<void> {
      if (fileIds.length === 0) return;
      await db.updateTable('media_files').set({ kept: 1 }).where('userId', '=', userId).where('fileId', 'in', fileIds).execute();
    },

    /** The alt text of each of the user's files named, by file id (files without a row are left out). */
    async altTexts(userId: string, fileIds: string[]): Promise<Map<string, string>> {
      if (fileIds.length === 0) return new Map();
      const rows = await db.selectFrom('media_files').select(['fileId', 'altText']).where('userId', '=', userId).where('fileId', 'in', fileIds).execute();
      return new Map(rows.map((row) => [row.fileId, row.altText]));
    },

    /**
     * A page of the user's kept files, newest first, and whether more follow. `q` matches alt text
     * anywhere, ignoring case (ASCII on SQLite). `usedBy` counts the user's posts whose media list
     * names the file: ids are UUIDs, so a LIKE on the id finds exactly those.
     */
    async page(userId: string, { q, type, before }: LibraryFilter): Promise<{ rows: LibraryRow[]; more: boolean }> {
      let query = db
        .selectFrom('media_files')
        .selectAll('media_files')
        .select(
          sql<number>`(select count(*) from posts where posts."userId" = media_files."userId" and posts.media like '%' || media_files."fileId" || '%')`.as(
            'usedBy',
          ),
        )
        .where('userId', '=', userId)
        .where('kept', '=', 1);
      if (type) query = query.where('type', '=', type);
      if (before) query = query.where('createdAt', '<', before);
      if (q) query = query.where(sql<boolean>`lower("altText") like lower(${`%${likeLiteral(q)}%`}) escape '\\'`);
      const rows = await query
        .orderBy('createdAt', 'desc')
        .orderBy('fileId', 'desc')
        .limit(LIBRARY_PAGE + 1)
        .execute();
      return { rows: rows.slice(0, LIBRARY_PAGE).map((row) => ({ ...row, usedBy: Number(row.usedBy) })), more: rows.length > LIBRARY_PAGE };
    },

    /** Every file id with a row, kept or not: the sweeps keep these files. */
    async fileIds(userId: string): Promise<Set<string>> {
      const rows = await db.selectFrom('media_files').select('fileId').where('userId', '=', userId).execute();
      return new Set(rows.map((row) => row.fileId));
    },

    async setAltText(userId: string, fileId: string, altText: string): Promise<boolean> {
      const result = await db.updateTable('media_files').set({ altText }).where('userId', '=', userId).where('fileId', '=', fileId).executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    async remove(userId: string, fileId: string): Promise<void> {
      await db.deleteFrom('media_files').where('userId', '=', userId).where('fileId', '=', fileId).execute();
    },

    /** Made images never kept, made before `before` (the periodic purge removes them). */
    unkeptBefore: (before: string): Promise<{ userId: string; fileId: string }[]> =>
      db.selectFrom('media_files').select(['userId', 'fileId']).where('kept', '=', 0).where('createdAt', '<', before).limit(500).execute(),

    /** The user's posts whose media list names the file (a checked `<uuid>.<ext>`: no LIKE wildcards), to be confirmed against the parsed list. */
    async postsNaming(userId: string, fileId: string): Promise<{ id: string; media: string }[]> {
      return db.selectFrom('posts').select(['id', 'media']).where('userId', '=', userId).where('media', 'like', `%${fileId}%`).execute();
    },

    /** What the start-up backfill reads: every post with media (and its description), every brand logo. */
    async referrers(): Promise<{ posts: { userId: string; media: string; mediaPrompt: string }[]; logos: { userId: string; brandLogo: string }[] }> {
      const posts = await db.selectFrom('posts').select(['userId', 'media', 'mediaPrompt']).where('media', '!=', '[]').execute();
      const logos = await db.selectFrom('profiles').select(['userId', 'brandLogo']).where('brandLogo', 'is not', null).execute();
      return { posts, logos: logos.map((row) => ({ userId: row.userId, brandLogo: row.brandLogo! })) };
    },
  };
}

export type LibraryRepository = ReturnType<typeof createLibraryRepository>;
