import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Delivery } from '@shared/schemas/publishing';
import { api, parseResponse } from '../api-client';

/** The root of every delivery query (a post's own is in `lib/posts/api/delivery.ts`): `lib/posts/cache.ts` refreshes them all after a post write. */
export const DELIVERIES_KEY = ['deliveries'] as const;

/** While something is waiting to go out, its state is read again this often. */
const LIVE_REFRESH_MS = 5_000;
/** Held for approval counts: a reviewer elsewhere may approve it, and it goes out at once. */
const WAITING: Delivery['status'][] = ['scheduled', 'awaiting_approval', 'publishing'];
const live = (deliveries: Pick<Delivery, 'status'>[] | undefined) => deliveries?.some((item) => WAITING.includes(item.status));

/** How often a delivery query is read again: every LIVE_REFRESH_MS while one of its deliveries waits to go out, else not. */
export const deliveryRefreshInterval = (deliveries: Pick<Delivery, 'status'>[] | undefined) => (live(deliveries) ? LIVE_REFRESH_MS : false);

/** Where each scheduled post of a month stands: the Scheduled tab and the calendar's marks read it. */
export const monthDeliveriesQueryOptions = (monthId: string) =>
  queryOptions({
    queryKey: ['deliveries', 'month', monthId],
    queryFn: () => parseResponse(api.deliveries.$get({ query: { monthId } })),
    refetchInterval: (query) => deliveryRefreshInterval(query.state.data),
  });

export function useMonthDeliveries(monthId: string) {
  return useQuery(monthDeliveriesQueryOptions(monthId));
}

/** Every delivery of the user: the dashboard's 'Going out next' and 'Needs attention'. */
export const allDeliveriesQueryOptions = queryOptions({
  queryKey: ['deliveries', 'all'],
  queryFn: () => parseResponse(api.deliveries.$get({ query: {} })),
  refetchInterval: (query) => deliveryRefreshInterval(query.state.data),
});

/**
 * Scheduled posts that will not go out as things stand (no connection for their network, a disconnected
 * one, one whose sign-in ends first, not approved where the month requires it), and those held for
 * approval: the dashboard's 'Needs attention', days before their time. Read
 * afresh on every visit, since a reconnect in Settings clears them.
 */
export const deliveriesAtRiskQueryOptions = queryOptions({
  queryKey: ['deliveries', 'at-risk'],
  queryFn: () => parseResponse(api.deliveries['at-risk'].$get()),
  staleTime: 0,
});
