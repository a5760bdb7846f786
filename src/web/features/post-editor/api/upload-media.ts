import type { Post } from '../../../../shared/schemas/post';
import { readJson, request } from '../../../lib/api-error';
import { usePostMutation } from './post-cache';

export interface UploadMediaInput {
  postId: string;
  file: File;
}

/** POST /api/posts/:postId/media, multipart with one file in the field "file" -> 201 with the post. */
export async function uploadMedia({ postId, file }: UploadMediaInput): Promise<Post> {
  const body = new FormData();
  body.append('file', file);
  return readJson<Post>(await request(`/api/posts/${encodeURIComponent(postId)}/media`, { method: 'POST', body }));
}

export function useUploadMedia(monthId: string) {
  return usePostMutation(monthId, uploadMedia);
}
