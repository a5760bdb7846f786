import { ALT_TEXT_MAX, type LibraryFile, type LibraryPage, type MediaSource } from '@shared/schemas/media-library';
import type { ImageTemplate } from '@shared/schemas/images';
import { POST_LIMITS, type MediaItem, type Post } from '@shared/schemas/post';
import type { DeletedPostRepository } from '../posts/deleted-post-repository';
import type { PostRepository } from '../posts/post-repository';
import type { ProfileRepository } from '../profile/profile-repository';
import type { Access } from '../months/access';
import { AppError, notFound } from '../../errors';
import { fromJsonList } from '../../platform/db/json-columns';
import type { MediaStore } from '../../platform/media-store/media-store';
import { STALE_MESSAGE } from '../months/access';
import { fileIdOf, FILE_ID, keptFiles, MEDIA_URL_PREFIX, MIME_BY_EXTENSION, removeIfNotKept } from './kept-files';
import type { LibraryFilter, LibraryRepository } from './library-repository';
import type { MediaFilesTable } from '../../platform/db/schema';

/** How long a made image nobody kept stays (the editor's preview of it); then the periodic purge removes it. */
export const UNKEPT_FOR_MS = 24 * 60 * 60 * 1000;

interface Deps {
  library: LibraryRepository;
  posts: Pick<PostRepository, 'listMediaUrls'>;
  deletedPosts: Pick<DeletedPostRepository, 'listMediaUrls'>;
  logos: Pick<ProfileRepository, 'findLogo'>;
  access: Access;
  store: MediaStore;
  now?: () => Date;
}

const fileNotFound = () => notFound('File');

function toFile(row: MediaFilesTable, usedBy: number): LibraryFile {
  return {
    fileId: row.fileId,
    url: `${MEDIA_URL_PREFIX}${row.fileId}`,
    type: row.type === 'video' ? 'video' : 'image',
    mime: row.mime,
    bytes: row.bytes,
    altText: row.altText,
    source: row.source as MediaSource,
    template: row.template as ImageTemplate | null,
    usedBy,
    createdAt: row.createdAt,
  };
}

/**
 * The media library (issue 30): every file a user uploaded or had made, with its alt text; listed,
 * searched, described, put on other posts and deleted (asking first while posts show it). Files stay
 * while the library has them: removing one from a post no longer deletes it.
 */
export function createLibraryService({ library, posts, deletedPosts, logos, access, store, now = () => new Date() }: Deps) {
  const kept = (userId: string) => keptFiles({ library, posts, deletedPosts, logos }, userId);

  /** The ids of the user's posts whose media list shows the file. */
  async function postsShowing(userId: string, fileId: string): Promise<string[]> {
    const url = `${MEDIA_URL_PREFIX}${fileId}`;
    const rows = await library.postsNaming(userId, fileId);
    return rows.filter((row) => fromJsonList<MediaItem>(row.media).some((item) => item.url === url)).map((row) => row.id);
  }

  async function requireFile(userId: string, fileId: string): Promise<MediaFilesTable> {
    const row = FILE_ID.test(fileId) ? await library.find(userId, fileId) : undefined;
    if (!row) throw fileNotFound();
    return row;
  }

  return {
    async list(userId: string, filter: LibraryFilter): Promise<LibraryPage> {
      const { rows, more } = await library.page(userId, filter);
      return { files: rows.map((row) => toFile(row, row.usedBy)), more };
    },

    async setAltText(userId: string, fileId: string, altText: string): Promise<{ file: LibraryFile }> {
      await requireFile(userId, fileId);
      if (!(await library.setAltText(userId, fileId, altText))) throw fileNotFound();
      const row = await requireFile(userId, fileId);
      return { file: toFile(row, (await postsShowing(userId, fileId)).length) };
    },

    /**
     * Deletes a file from the library and the store. While posts show it, only with `confirm`: then it
     * is first taken off each of them, and nothing changes at all when one is in an archived month.
     * A deleted post that can still be restored, or the brand logo, keeps the file itself until it goes.
     */
    async remove(userId: string, fileId: string, confirm: boolean): Promise<void> {
      await requireFile(userId, fileId);
      const showing = await postsShowing(userId, fileId);
      if (showing.length > 0 && !confirm) {
        const posts = showing.length === 1 ? 'a post' : `${showing.length} posts`;
        throw new AppError(
          'media_in_use',
          `This file is on ${posts}. Delete it anyway to take it off ${showing.length === 1 ? 'that post' : 'them'} too.`,
          undefined,
          {
            usedBy: showing.length,
          },
        );
      }
      // Every month first, so an archived one refuses before any post changes.
      for (const postId of showing) await access.requirePost(userId, postId, { writable: true });
      const url = `${MEDIA_URL_PREFIX}${fileId}`;
      for (const postId of showing) {
        await access.writeToPost(userId, postId, (repositories) =>
          repositories.posts.updateMedia(userId, postId, (media) => media.filter((item) => item.url !== url), now().toISOString()),
        );
      }
      await library.remove(userId, fileId);
      await removeIfNotKept(store, userId, url, await kept(userId));
    },

    /** Puts a library file on a post (another post may show it too); checked in the transaction that writes. */
    async attach(userId: string, postId: string, input: { fileId: string; version: number }): Promise<{ post: Post }> {
      // The post first (404, 409 archived, 409 stale), then the file, as every post write answers.
      const early = await access.requirePost(userId, postId, { writable: true });
      if (early.post.version !== input.version) throw new AppError('stale_version', STALE_MESSAGE);
      const row = await requireFile(userId, input.fileId);
      const url = `${MEDIA_URL_PREFIX}${row.fileId}`;
      const post = await access.writeToPost(userId, postId, async (repositories, post) => {
        if (post.version !== input.version) throw new AppError('stale_version', STALE_MESSAGE);
        await repositories.posts.updateMedia(
          userId,
          postId,
          (media) => {
            if (media.some((item) => item.url === url)) throw new AppError('bad_request', 'This file is on the post already.');
            if (media.length >= POST_LIMITS.media)
              throw new AppError('bad_request', `A post can have at most ${POST_LIMITS.media} media files. Remove one to add another.`);
            return [...media, { type: row.type === 'video' ? 'video' : 'image', url }];
          },
          now().toISOString(),
        );
        return (await repositories.posts.find(userId, postId))!;
      });
      // A made image put on a post is kept from now on.
      await library.markKept(userId, [row.fileId]);
      return { post };
    },

    /**
     * Start-up, before the orphan sweep: files posts or a brand logo refer to that have no library row
     * (stored before the library existed, or cut off by a crash) get one, so the library shows them.
     * Returns how many rows were added.
     */
    async backfill(): Promise<number> {
      const { posts: referring, logos: brandLogos } = await library.referrers();
      const wanted = new Map<string, { userId: string; fileId: string; altText: string }>();
      const want = (userId: string, url: string, altText: string) => {
        const fileId = fileIdOf(url);
        if (fileId && !wanted.has(`${userId}/${fileId}`)) wanted.set(`${userId}/${fileId}`, { userId, fileId, altText: altText.slice(0, ALT_TEXT_MAX) });
      };
      for (const post of referring) for (const item of fromJsonList<MediaItem>(post.media)) want(post.userId, item.url, post.mediaPrompt);
      for (const logo of brandLogos) want(logo.userId, logo.brandLogo, '');
      const known = new Map<string, Set<string>>();
      let added = 0;
      for (const { userId, fileId, altText } of wanted.values()) {
        if (!known.has(userId)) known.set(userId, await library.fileIds(userId));
        if (known.get(userId)!.has(fileId)) continue;
        const bytes = await store.size(userId, fileId);
        if (bytes === undefined) continue;
        const mime = MIME_BY_EXTENSION[fileId.split('.').pop()!]!;
        const type = mime.startsWith('video/') ? 'video' : 'image';
        await library.insert(userId, { fileId, type, mime, bytes, altText, source: 'upload', template: null, kept: true }, now().toISOString());
        added += 1;
      }
      return added;
    },

    /** Removes made images nobody kept for a day, row and file (a post refers to none of them). Runs with the periodic purge. */
    async purgeUnkept(): Promise<number> {
      const stale = await library.unkeptBefore(new Date(now().getTime() - UNKEPT_FOR_MS).toISOString());
      for (const { userId, fileId } of stale) {
        await library.remove(userId, fileId);
        await removeIfNotKept(store, userId, `${MEDIA_URL_PREFIX}${fileId}`, await kept(userId));
      }
      return stale.length;
    },
  };
}

export type LibraryService = ReturnType<typeof createLibraryService>;
