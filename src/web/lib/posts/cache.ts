import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { Post } from '@shared/schemas/post';
import { DELIVERIES_KEY } from '../queries/deliveries';
import { monthQueryOptions } from '../queries/month';
import { workspaceQueryOptions } from '../queries/workspace';
import { postVersionsQueryOptions } from './api/post-versions';

/**
 * The one place the caches a post write touches are brought in step: the month's posts, the workspace's
 * counts, a post's versions and every delivery query (the calendar's marks, the Scheduled tab, the
 * dashboard). Every post write ends here; `src/architecture.test.ts` refuses a write to these keys elsewhere.
 * Each helper resolves once the queries on screen have been read again, so what they show follows the
 * write itself, not the next poll.
 */

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

/** Every delivery query read again: a schedule, a day, a deletion or a retry changes where a delivery stands. */
export async function deliveriesChanged(queryClient: QueryClient): Promise<void> {
  await queryClient.invalidateQueries({ queryKey: DELIVERIES_KEY });
}

/** Puts a post the server returned into the month's cached list and reads again what depends on it. */
export async function syncPost(queryClient: QueryClient, monthId: string, post: Post): Promise<void> {
  putPost(queryClient, monthId, post);
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: workspaceQueryOptions.queryKey }),
    queryClient.invalidateQueries({ queryKey: postVersionsQueryOptions(post.id).queryKey }),
    deliveriesChanged(queryClient),
  ]);
}

/** The month's posts read again, nothing else: a list row refused as stale shows the latest. */
export async function refreshMonth(queryClient: QueryClient, monthId: string): Promise<void> {
  await queryClient.invalidateQueries({ queryKey: monthQueryOptions(monthId).queryKey });
}

/** Posts added to a month (a new post, a copy, a generation): the month and the counts are read again. */
export async function postsAdded(queryClient: QueryClient, monthId: string): Promise<void> {
  await Promise.all([refreshMonth(queryClient, monthId), queryClient.invalidateQueries({ queryKey: workspaceQueryOptions.queryKey })]);
}

/** Posts changed or removed several at once (a bulk action, a deletion, its undo): the month, the counts and the deliveries are read again. */
export async function postsChanged(queryClient: QueryClient, monthId: string): Promise<void> {
  await Promise.all([postsAdded(queryClient, monthId), deliveriesChanged(queryClient)]);
}

/**
 * A library file deleted with the posts that showed it: which months those were the client does not
 * know, so every cached month is read again, with the deliveries.
 */
export async function allMonthsChanged(queryClient: QueryClient): Promise<void> {
  await Promise.all([queryClient.invalidateQueries({ queryKey: monthQueryOptions('').queryKey.slice(0, 1) }), deliveriesChanged(queryClient)]);
}

/** Takes posts off the month on screen at once (a deletion); answers how to put them back if the server refuses. */
export async function hidePosts(queryClient: QueryClient, monthId: string, postIds: string[]): Promise<() => void> {
  const monthKey = monthQueryOptions(monthId).queryKey;
  const ids = new Set(postIds);
  await queryClient.cancelQueries({ queryKey: monthKey });
  const previous = queryClient.getQueryData(monthKey);
  queryClient.setQueryData(monthKey, (month) => month && { ...month, posts: month.posts.filter((post) => !ids.has(post.id)) });
  return () => {
    if (previous) queryClient.setQueryData(monthKey, previous);
  };
}

interface PostMutationOptions<Variables> {
  /** The post as it will look: shown at once, put back if the server refuses, and the month re-read either way. */
  preview?: (variables: Variables) => Post;
}

/** A mutation whose answer is the saved post: every single-post write goes through here, so the caches stay in step. */
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
      if (preview) await refreshMonth(queryClient, monthId);
    },
  });
}
