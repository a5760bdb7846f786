import { useQueryClient } from '@tanstack/react-query';
import type { Post } from '@shared/schemas/post';
import type { BulkResult } from '@shared/schemas/post-actions';
import { errorMessage } from '../../../lib/api-error';
import { notify } from '../../../lib/notify';
import { bulkAction } from '../../../lib/posts/api/bulk-action';
import { postsChanged } from '../../../lib/posts/cache';

const plural = (count: number) => `${count} ${count === 1 ? 'post' : 'posts'}`;

/**
 * Schedule or rewrite several posts at once; each post's own outcome is reported, the month and its
 * deliveries re-read (the calendar's marks change with the answer). Answers whether all went through.
 */
export function useBulkActions(monthId: string) {
  const queryClient = useQueryClient();

  async function report(done: string, send: () => Promise<{ results: BulkResult[] }>): Promise<boolean> {
    try {
      const { results } = await send();
      const failed = results.filter((result) => !result.ok);
      const succeeded = results.length - failed.length;
      if (succeeded > 0) notify({ tone: 'success', title: `${plural(succeeded)} ${done}`, message: 'Each keeps its version history.' });
      const first = failed[0];
      if (first && !first.ok) {
        const stale = failed.some((result) => !result.ok && result.error.code === 'stale_version');
        notify({
          tone: 'warning',
          title: `${plural(failed.length)} not changed`,
          message: stale
            ? 'Changed in another tab or window since you loaded the list. The list now shows the latest; select them and try again.'
            : first.error.message,
        });
      }
      return failed.length === 0;
    } catch (error) {
      notify({ tone: 'error', title: 'Could not change the posts', message: errorMessage(error) });
      return false;
    } finally {
      await postsChanged(queryClient, monthId);
    }
  }

  const selection = (posts: Post[]) => posts.map((post) => ({ id: post.id, version: post.version }));
  return {
    schedule: (posts: Post[], time: string) => report(`scheduled at ${time}`, () => bulkAction(monthId, { action: 'schedule', time, posts: selection(posts) })),
    rewrite: (posts: Post[], instructions: string) =>
      report('rewritten', () => bulkAction(monthId, { action: 'rewrite', instructions, posts: selection(posts) })),
  };
}
