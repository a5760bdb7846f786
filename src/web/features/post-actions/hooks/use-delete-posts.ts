import { useQueryClient } from '@tanstack/react-query';
import type { DeletedPost } from '@shared/schemas/post-actions';
import { UNDO_SECONDS } from '@shared/schemas/values';
import type { Post } from '@shared/schemas/post';
import { errorMessage } from '../../../lib/api-error';
import { notify } from '../../../lib/notify';
import { bulkAction } from '../../../lib/posts/api/bulk-action';
import { deletePost, restorePost } from '../../../lib/posts/api/delete-post';
import { hidePosts, postsChanged } from '../../../lib/posts/cache';

export const SCHEDULED_DELETE_MESSAGE = 'This post is scheduled. Delete it anyway? You can undo for a few seconds after.';
const scheduledMany = (count: number) => `${count} of the selected posts are scheduled. Delete them anyway? You can undo for a few seconds after.`;

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

/**
 * Deletes posts at once from the screen, then offers 'Undo' in the toast for UNDO_SECONDS; undo puts
 * them back exactly (the server keeps them a little longer than the toast shows). A scheduled post asks first.
 * Answers whether anything was deleted.
 */
export function useDeletePosts(monthId: string) {
  const queryClient = useQueryClient();
  // The month, its counts and its deliveries (the calendar's marks) are read again after each deletion and undo.
  const refresh = () => postsChanged(queryClient, monthId);

  async function undo(deleted: DeletedPost[]) {
    const outcomes = await Promise.allSettled(deleted.map((item) => restorePost(item.postId)));
    await refresh();
    const failed = outcomes.find((outcome): outcome is PromiseRejectedResult => outcome.status === 'rejected');
    if (failed) notify({ tone: 'error', title: 'Could not bring the post back', message: errorMessage(failed.reason) });
    else
      notify({
        tone: 'success',
        title: deleted.length === 1 ? 'Post restored' : `${plural(deleted.length, 'post')} restored`,
        message: 'Everything is back as it was.',
      });
  }

  return async function deletePosts(posts: Post[]): Promise<boolean> {
    if (posts.length === 0) return false;
    const scheduled = posts.filter((post) => post.status === 'scheduled').length;
    if (scheduled > 0 && !window.confirm(posts.length === 1 ? SCHEDULED_DELETE_MESSAGE : scheduledMany(scheduled))) return false;
    const ids = posts.map((post) => post.id);
    const putBack = await hidePosts(queryClient, monthId, ids);
    let deleted: DeletedPost[] = [];
    let refusal: string | undefined;
    try {
      if (posts.length === 1) deleted = [await deletePost({ postId: posts[0]!.id, version: posts[0]!.version })];
      else {
        const { results } = await bulkAction(monthId, { action: 'delete', posts: posts.map((post) => ({ id: post.id, version: post.version })) });
        deleted = results.flatMap((result) => (result.ok && result.deleted ? [result.deleted] : []));
        refusal = results.find((result) => !result.ok)?.error.message;
      }
    } catch (error) {
      putBack();
      notify({ tone: 'error', title: 'Could not delete the post', message: errorMessage(error) });
      return false;
    } finally {
      void refresh();
    }
    if (refusal) notify({ tone: 'warning', title: `${plural(posts.length - deleted.length, 'post')} not deleted`, message: refusal });
    if (deleted.length > 0) {
      notify({
        tone: 'success',
        title: deleted.length === 1 ? 'Post deleted' : `${plural(deleted.length, 'post')} deleted`,
        message: `Undo within ${UNDO_SECONDS} seconds to bring ${deleted.length === 1 ? 'it' : 'them'} back.`,
        action: { label: 'Undo', onClick: () => void undo(deleted) },
        autoCloseMs: UNDO_SECONDS * 1000,
      });
    }
    return deleted.length > 0;
  };
}
