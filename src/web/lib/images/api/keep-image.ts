import { api, parseResponse } from '../../api-client';
import { usePostMutation } from '../../posts/cache';

interface KeepImageInput {
  postId: string;
  imageJobId: string;
  /** The post version the client saw; a stale one answers 409 'stale_version'. */
  version: number;
}

/**
 * POST /api/posts/:postId/images/:imageJobId/keep {version} -> { post }: the made images replace the
 * post's earlier made ones (its uploads stay). The saved post goes into the month's cache, so the editor shows it.
 */
export function useKeepImage(monthId: string) {
  return usePostMutation(
    monthId,
    async ({ postId, imageJobId, version }: KeepImageInput) =>
      (await parseResponse(api.posts[':postId'].images[':imageJobId'].keep.$post({ param: { postId, imageJobId }, json: { version } }))).post,
  );
}
