import { publishedText } from '@shared/domain/networks';
import type { Post } from '@shared/schemas/post';
import { MEDIA_URL_PREFIX, type MediaFile as StoredFile } from '../media/media-service';
import type { CheckedContent } from './channels/channel';
import { outgoingFile, type ByteBudget } from './media-files';

/** Where an uploaded file of a user is, and its type (the media service's `locate`). */
export type LocateMedia = (userId: string, fileId: string) => Promise<StoredFile>;

/**
 * A post as a channel reads it, the same when it is checked at scheduling and when it is sent: the
 * text as published (the post, then its hashtags), its uploaded files by name in order (links to
 * elsewhere are left out), and those files by their metadata, their bytes read within `budget`.
 */
export function postContent(userId: string, post: Post, locateMedia: LocateMedia, budget: ByteBudget): CheckedContent {
  const uploads = post.media
    .filter((entry) => entry.url.startsWith(MEDIA_URL_PREFIX))
    .map((entry) => ({ type: entry.type, name: entry.url.slice(MEDIA_URL_PREFIX.length) }));
  return {
    post,
    text: publishedText(post.content, post.hashtags),
    uploads,
    files: () => Promise.all(uploads.map(async ({ name }) => outgoingFile(name, await locateMedia(userId, name), budget))),
  };
}
