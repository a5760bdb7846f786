import type { DeletedPostRepository } from '../posts/deleted-post-repository';
import type { PostRepository } from '../posts/post-repository';
import type { ProfileRepository } from '../profile/profile-repository';
import type { MediaStore } from '../../platform/media-store/media-store';
import type { LibraryRepository } from './library-repository';

export const MEDIA_URL_PREFIX = '/api/media/';

export const EXTENSION = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/gif': 'gif',
  'image/webp': 'webp',
  'video/mp4': 'mp4',
  'video/webm': 'webm',
  'video/quicktime': 'mov',
} as const;
export const MIME_BY_EXTENSION: Record<string, string> = Object.fromEntries(Object.entries(EXTENSION).map(([mime, ext]) => [ext, mime]));
/** A stored file's name: a random UUID and the extension of an accepted type. */
export const FILE_ID = new RegExp(`^[0-9a-f-]{36}\\.(${Object.values(EXTENSION).join('|')})$`);

/** The file id a post's media URL names, or undefined for anything that is not one of our stored files. */
export function fileIdOf(url: string): string | undefined {
  if (!url.startsWith(MEDIA_URL_PREFIX)) return undefined;
  const fileId = url.slice(MEDIA_URL_PREFIX.length);
  return FILE_ID.test(fileId) ? fileId : undefined;
}

export interface KeptFilesDeps {
  library: Pick<LibraryRepository, 'fileIds'>;
  posts: Pick<PostRepository, 'listMediaUrls'>;
  deletedPosts: Pick<DeletedPostRepository, 'listMediaUrls'>;
  /** The brand kit's logo is a stored file too: the sweeps keep it. */
  logos: Pick<ProfileRepository, 'findLogo'>;
}

/**
 * The names of the files a user keeps: those in the media library, and those the user's posts (deleted
 * posts that can still be restored included) and brand logo refer to.
 */
export async function keptFiles(deps: KeptFilesDeps, userId: string): Promise<Set<string>> {
  const [live, deleted, logo, library] = await Promise.all([
    deps.posts.listMediaUrls(userId),
    deps.deletedPosts.listMediaUrls(userId),
    deps.logos.findLogo(userId),
    deps.library.fileIds(userId),
  ]);
  const urls = [...live, ...deleted, ...(logo ? [logo] : [])];
  return new Set([...library, ...urls.filter((url) => url.startsWith(MEDIA_URL_PREFIX)).map((url) => url.slice(MEDIA_URL_PREFIX.length))]);
}

/** Removes a stored file once nothing keeps it (`kept`: the user's kept files, read after the change). */
export async function removeIfNotKept(store: Pick<MediaStore, 'remove'>, userId: string, url: string, kept: Set<string>): Promise<void> {
  const fileId = fileIdOf(url);
  if (fileId && !kept.has(fileId)) await store.remove(userId, fileId);
}
