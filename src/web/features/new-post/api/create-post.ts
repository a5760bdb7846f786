import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { NewPost, Post } from '../../../../shared/schemas/post';
import { api } from '../../../lib/api-client';
import { readJson } from '../../../lib/api-error';

export async function createPost(monthId: string, input: NewPost): Promise<Post> {
  return readJson<Post>(await api.months[':id'].posts.$post({ param: { id: monthId }, json: input }));
}

/** Adds a post to a month; the month (and the dashboard) read it back. */
export function useCreatePost(monthId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: NewPost) => createPost(monthId, input),
    onSuccess: async () => {
      await Promise.all([queryClient.invalidateQueries({ queryKey: ['month', monthId] }), queryClient.invalidateQueries({ queryKey: ['workspace'] })]);
    },
  });
}
