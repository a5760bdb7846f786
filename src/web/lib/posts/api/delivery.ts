import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, parseResponse } from '../../api-client';
import { deliveryRefreshInterval } from '../../queries/deliveries';
import { deliveriesChanged } from '../cache';

/** GET /api/posts/:postId/delivery: one post's delivery with its log; a post never scheduled has none (404), which reads as null. */
export const deliveryQueryOptions = (postId: string) =>
  queryOptions({
    queryKey: ['deliveries', 'post', postId],
    queryFn: async () => {
      const response = await api.posts[':postId'].delivery.$get({ param: { postId } });
      if (response.status === 404) return null;
      return parseResponse(response);
    },
    refetchInterval: (query) => deliveryRefreshInterval(query.state.data ? [query.state.data] : undefined),
  });

export function useDelivery(postId: string) {
  return useQuery(deliveryQueryOptions(postId));
}

/** POST /api/posts/:postId/delivery/retry or /confirm: retry or confirm a delivery; every delivery query is read again after. */
export function useDeliveryAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ postId, action }: { postId: string; action: 'retry' | 'confirm' }) =>
      parseResponse(
        action === 'retry'
          ? api.posts[':postId'].delivery.retry.$post({ param: { postId } })
          : api.posts[':postId'].delivery.confirm.$post({ param: { postId } }),
      ),
    onSettled: () => deliveriesChanged(queryClient),
  });
}
