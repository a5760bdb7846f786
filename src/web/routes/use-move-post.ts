import { noonUtc } from '@shared/domain/months';
import type { MonthDetail } from '@shared/schemas/month';
import type { Post } from '@shared/schemas/post';
import { usePostMutation } from '../lib/posts/cache';
import { updatePost } from '../lib/posts/api/update-post';
import { errorMessage } from '../lib/api-error';
import { notify } from '../lib/notify';

interface Move {
  post: Post;
  /** YYYY-MM-DD */
  date: string;
}

const moveTo = ({ post, date }: Move): Post => ({ ...post, date: noonUtc(date) });

/** Drag and drop: moves a post to another day, showing the move at once and undoing it if the server refuses. */
export function useMovePost(month: MonthDetail) {
  const mutation = usePostMutation(
    month.id,
    ({ post, date }: Move) => updatePost({ postId: post.id, version: post.version, changes: { date: noonUtc(date) } }),
    {
      preview: moveTo,
    },
  );
  return (postId: string, date: string) => {
    const post = month.posts.find((item) => item.id === postId);
    if (!post) return;
    mutation.mutateAsync({ post, date }).catch((error: unknown) => notify({ tone: 'error', title: 'Could not move the post', message: errorMessage(error) }));
  };
}
