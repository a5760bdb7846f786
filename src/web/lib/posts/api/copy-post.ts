import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CopyPost } from '@shared/schemas/post-actions';
import { api, parseResponse } from '../../api-client';
import { postsAdded } from '../cache';

/** POST /api/posts/:postId/copy -> 201 with the new post (a duplicate, or adapted for another network). */
export function useCopyPost(monthId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ postId, ...input }: CopyPost & { postId: string }) => parseResponse(api.posts[':postId'].copy.$post({ param: { postId }, json: input })),
    onSuccess: () => postsAdded(queryClient, monthId),
  });
}
