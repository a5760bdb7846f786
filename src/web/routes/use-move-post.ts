import { useMutation, useQueryClient } from '@tanstack/react-query';
import { notifications } from '@mantine/notifications';
import { noonUtc } from '../../shared/domain/months';
import type { MonthDetail } from '../../shared/schemas/month';
import type { Post } from '../../shared/schemas/post';
import { api } from '../lib/api-client';
import { errorMessage, readJson } from '../lib/api-error';

/** Drag and drop: moves a post to another day, showing the move at once and undoing it if the server refuses. */
export function useMovePost(month: MonthDetail) {
  const queryClient = useQueryClient();
  const key = ['month', month.id];
  const mutation = useMutation({
    mutationFn: async ({ post, date }: { post: Post; date: string }) =>
      readJson<Post>(await api.posts[':postId'].$patch({ param: { postId: post.id }, json: { version: post.version, date: noonUtc(date) } })),
    onMutate: async ({ post, date }) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<MonthDetail>(key);
      queryClient.setQueryData<MonthDetail>(key, (current) =>
        current ? { ...current, posts: current.posts.map((item) => (item.id === post.id ? { ...item, date: noonUtc(date) } : item)).sort((a, b) => a.date.localeCompare(b.date)) } : current,
      );
      return { previous };
    },
    onError: (error, _variables, context) => {
      if (context?.previous) queryClient.setQueryData(key, context.previous);
      notifications.show({ color: 'red', title: 'Could not move the post', message: errorMessage(error) });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: key }),
  });
  return (postId: string, date: string) => {
    const post = month.posts.find((item) => item.id === postId);
    if (post) mutation.mutate({ post, date });
  };
}
