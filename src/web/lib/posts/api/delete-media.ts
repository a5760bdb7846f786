import { api, parseResponse } from '../../api-client';
import { usePostMutation } from '../cache';

interface DeleteMediaInput {
  postId: string;
  /** The media item's url, e.g. /api/media/<uuid>.png; its last segment is the file id. */
  url: string;
}

export const mediaFileId = (url: string) => url.split('/').pop() ?? '';

/** DELETE /api/posts/:postId/media/:fileId -> the post without that item. */
export function useDeleteMedia(monthId: string) {
  return usePostMutation(monthId, ({ postId, url }: DeleteMediaInput) =>
    parseResponse(api.posts[':postId'].media[':fileId'].$delete({ param: { postId, fileId: mediaFileId(url) } })),
  );
}
