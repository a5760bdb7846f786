import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { Post } from '@shared/schemas/post';
import { DELIVERIES_KEY } from '../../../lib/queries/deliveries';
import { monthQueryOptions } from '../../../lib/queries/month';
import { workspaceQueryOptions } from '../../../lib/queries/workspace';
import { postVersionsQueryOptions } from './post-versions';

/** The server's order: date, then creation time, then id. */
function comparePosts(a: Post, b: Post): number {
  return a.date.localeCompare(b.date) || a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id);
}

/** Puts a post into the month's cached list, kept in the server's order. */
function putPost(queryClient: QueryClient, monthId: string, post: Post): void {
  queryClient.setQueryData(monthQueryOptions(monthId).queryKey, (month) => {
    if (!month) return month;
    const posts = month.posts.some((existing) => existing.id === post.id)
      ? month.posts.map((existing) => (existing.id === post.id ? post : existing))
      : [...month.posts, post];
    return { ...month, posts: posts.sort(comparePosts) };
  });
}

/** Puts a post the server returned into the month's cached list and refreshes what depends on it. */
export function syncPost(queryClient: QueryClient, monthId: string, post: Post): void {
  putPost(queryClient, monthId, post);
  void queryClient.invalidateQueries({ queryKey: workspaceQueryOptions.queryKey });
  void queryClient.invalidateQueries({ queryKey: postVersionsQueryOptions(post.id).queryKey });
  // A schedule, a day or a text changed: where the post's delivery stands may have too.
  void queryClient.invalidateQueries({ queryKey: DELIVERIES_KEY });
}

interface PostMutationOptions<Variables> {
  /** The post as it will look: shown at once, put back if the server refuses, and the month re-read either way. */
  preview?: (variables: Variables) => Post;
}

/** A mutation whose answer is the saved post: every post write goes through here, so the caches stay in step. */
export function usePostMutation<Variables>(
  monthId: string,
  mutationFn: (variables: Variables) => Promise<Post>,
  { preview }: PostMutationOptions<Variables> = {},
) {
  const queryClient = useQueryClient();
  const monthKey = monthQueryOptions(monthId).queryKey;
  return useMutation({
    mutationFn,
    onMutate: async (variables: Variables) => {
      if (!preview) return { previous: undefined };
      await queryClient.cancelQueries({ queryKey: monthKey });
      const previous = queryClient.getQueryData(monthKey);
      putPost(queryClient, monthId, preview(variables));
      return { previous };
    },
    onError: (_error, _variables, context) => {
      if (context?.previous) queryClient.setQueryData(monthKey, context.previous);
    },
    onSuccess: (post) => syncPost(queryClient, monthId, post),
    onSettled: async () => {
      if (preview) await queryClient.invalidateQueries({ queryKey: monthKey });
    },
  });
}
