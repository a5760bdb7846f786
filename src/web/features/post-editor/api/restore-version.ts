import type { Post } from '../../../../shared/schemas/post';
import { api } from '../../../lib/api-client';
import { readJson } from '../../../lib/api-error';
import { usePostMutation } from './post-cache';

export interface RestoreVersionInput {
  postId: string;
  versionId: string;
  version: number;
}

/** POST /api/posts/:postId/versions/:versionId/restore {version}: the kept text becomes the post's text again. */
export async function restoreVersion({ postId, versionId, version }: RestoreVersionInput): Promise<Post> {
  return readJson<Post>(await api.posts[':postId'].versions[':versionId'].restore.$post({ param: { postId, versionId }, json: { version } }));
}

export function useRestoreVersion(monthId: string) {
  return usePostMutation(monthId, restoreVersion);
}
