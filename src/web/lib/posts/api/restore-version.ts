import { api, parseResponse } from '../../api-client';
import { usePostMutation } from '../cache';

interface RestoreVersionInput {
  postId: string;
  versionId: string;
  version: number;
}

/** POST /api/posts/:postId/versions/:versionId/restore {version}: the kept text becomes the post's text again. */
export function useRestoreVersion(monthId: string) {
  return usePostMutation(monthId, ({ postId, versionId, version }: RestoreVersionInput) =>
    parseResponse(api.posts[':postId'].versions[':versionId'].restore.$post({ param: { postId, versionId }, json: { version } })),
  );
}
