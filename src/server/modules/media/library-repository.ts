import type { MediaSource } from '@shared/schemas/media-library';
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
  };
}

export type LibraryRepository = ReturnType<typeof createLibraryRepository>;
