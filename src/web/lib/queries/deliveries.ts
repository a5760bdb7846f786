import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Delivery } from '@shared/schemas/publishing';
import { api, parseResponse } from '../api-client';

/** The root of every delivery query: a change to a schedule refreshes them all. */
export const DELIVERIES_KEY = ['deliveries'] as const;

/** While something is waiting to go out, its state is read again this often. */
const LIVE_REFRESH_MS = 5_000;
const live = (deliveries: Pick<Delivery, 'status'>[] | undefined) => deliveries?.some((item) => item.status === 'scheduled' || item.status === 'publishing');

/** Where each scheduled post of a month stands: the Scheduled tab and the calendar's marks read it. */
export const monthDeliveriesQueryOptions = (monthId: string) =>
  queryOptions({
    queryKey: ['deliveries', 'month', monthId],
    queryFn: () => parseResponse(api.deliveries.$get({ query: { monthId } })),
    refetchInterval: (query) => (live(query.state.data) ? LIVE_REFRESH_MS : false),
  });

export function useMonthDeliveries(monthId: string) {
  return useQuery(monthDeliveriesQueryOptions(monthId));
}

/** Every delivery of the user: the dashboard's 'Going out next' and 'Needs attention'. */
export const allDeliveriesQueryOptions = queryOptions({
  queryKey: ['deliveries', 'all'],
  queryFn: () => parseResponse(api.deliveries.$get({ query: {} })),
  refetchInterval: (query) => (live(query.state.data) ? LIVE_REFRESH_MS : false),
});

/** One post's delivery with its log; a post never scheduled has none (404), which reads as null. */
export const deliveryQueryOptions = (postId: string) =>
  queryOptions({
    queryKey: ['deliveries', 'post', postId],
    queryFn: async () => {
      const response = await api.posts[':postId'].delivery.$get({ param: { postId } });
      if (response.status === 404) return null;
      return parseResponse(response);
    },
    refetchInterval: (query) => (query.state.data && live([query.state.data]) ? LIVE_REFRESH_MS : false),
  });

export function useDelivery(postId: string) {
  return useQuery(deliveryQueryOptions(postId));
}

/** Retry or confirm a delivery; every delivery query is read again after. */
export function useDeliveryAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ postId, action }: { postId: string; action: 'retry' | 'confirm' }) =>
      parseResponse(
        action === 'retry'
          ? api.posts[':postId'].delivery.retry.$post({ param: { postId } })
          : api.posts[':postId'].delivery.confirm.$post({ param: { postId } }),
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: DELIVERIES_KEY }),
  });
}
