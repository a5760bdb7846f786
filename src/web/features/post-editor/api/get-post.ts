import type { Post } from '../../../../shared/schemas/post';
import { api } from '../../../lib/api-client';
import { readJson } from '../../../lib/api-error';

/** GET /api/posts/:postId: the latest stored post (used to recover from a stale write). */
export async function fetchPost(postId: string): Promise<Post> {
  return readJson<Post>(await api.posts[':postId'].$get({ param: { postId } }));
}
