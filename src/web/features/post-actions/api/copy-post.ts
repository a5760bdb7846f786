import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CopyPost } from '@shared/schemas/post-actions';
import { api, parseResponse } from '../../../lib/api-client';
import { monthQueryOptions } from '../../../lib/queries/month';
import { workspaceQueryOptions } from '../../../lib/queries/workspace';

/** POST /api/posts/:postId/copy -> 201 with the new post (a duplicate, or adapted for another network). */
export function useCopyPost(monthId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ postId, ...input }: CopyPost & { postId: string }) => parseResponse(api.posts[':postId'].copy.$post({ param: { postId }, json: input })),
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: monthQueryOptions(monthId).queryKey }),
        queryClient.invalidateQueries({ queryKey: workspaceQueryOptions.queryKey }),
      ]);
    },
  });
}
