import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { NewPost } from '@shared/schemas/post';
import { api, parseResponse } from '../../api-client';
import { postsAdded } from '../cache';

/** POST /api/months/:id/posts -> 201 with the post; the month (and the dashboard) read it back. */
export function useCreatePost(monthId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: NewPost) => parseResponse(api.months[':id'].posts.$post({ param: { id: monthId }, json: input })),
    onSuccess: () => postsAdded(queryClient, monthId),
  });
}
