import type { Post } from '../../../../shared/schemas/post';
import { api } from '../../../lib/api-client';
import { readJson } from '../../../lib/api-error';
import { usePostMutation } from './post-cache';

export interface DeleteMediaInput {
  postId: string;
  /** The media item's url, e.g. /api/media/<uuid>.png; its last segment is the file id. */
  url: string;
}

export const mediaFileId = (url: string) => url.split('/').pop() ?? '';

/** DELETE /api/posts/:postId/media/:fileId -> the post without that item. */
export async function deleteMedia({ postId, url }: DeleteMediaInput): Promise<Post> {
  return readJson<Post>(await api.posts[':postId'].media[':fileId'].$delete({ param: { postId, fileId: mediaFileId(url) } }));
}

export function useDeleteMedia(monthId: string) {
  return usePostMutation(monthId, deleteMedia);
}
