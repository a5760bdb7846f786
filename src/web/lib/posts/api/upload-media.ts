import { api, parseResponse } from '../../api-client';
import { usePostMutation } from '../cache';

interface UploadMediaInput {
  postId: string;
  file: File;
}

/**
 * POST /api/posts/:postId/media, multipart with one file in the field "file" -> 201 with the post.
 * The route streams the body itself (no form validator), so the form data goes in as the request body.
 */
export function useUploadMedia(monthId: string) {
  return usePostMutation(monthId, ({ postId, file }: UploadMediaInput) => {
    const body = new FormData();
    body.append('file', file);
    return parseResponse(api.posts[':postId'].media.$post({ param: { postId } }, { init: { body } }));
  });
}
