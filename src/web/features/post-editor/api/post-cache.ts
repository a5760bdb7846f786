import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { MonthDetail } from '../../../../shared/schemas/month';
import type { Post } from '../../../../shared/schemas/post';

/** The month screen's query (features/month/api/month.ts); spelled out here because features do not import each other. */
const monthKey = (monthId: string) => ['month', monthId] as const;
const workspaceKey = ['workspace'] as const;
export const postVersionsQueryKey = (postId: string) => ['post', postId, 'versions'] as const;

/** The server's order: date, then creation time, then id. */
export function comparePosts(a: Post, b: Post): number {
  return a.date.localeCompare(b.date) || a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id);
}

/** Puts a post the server returned into the month's cached list (date order kept) and refreshes what depends on it. */
export function syncPost(queryClient: QueryClient, monthId: string, post: Post): void {
  queryClient.setQueryData<MonthDetail>(monthKey(monthId), (month) => {
    if (!month) return month;
    const posts = month.posts.some((existing) => existing.id === post.id)
      ? month.posts.map((existing) => (existing.id === post.id ? post : existing))
      : [...month.posts, post];
    return { ...month, posts: posts.sort(comparePosts) };
  });
  void queryClient.invalidateQueries({ queryKey: workspaceKey });
  void queryClient.invalidateQueries({ queryKey: postVersionsQueryKey(post.id) });
}

/** A mutation whose answer is the saved post: every post write goes through here, so the caches stay in step. */
export function usePostMutation<Variables>(monthId: string, mutationFn: (variables: Variables) => Promise<Post>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: (post) => syncPost(queryClient, monthId, post) });
}
