import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, parseResponse } from '../../../lib/api-client';

/** GET /api/notifications: the newest page and the unread count; looked at again every minute and on focus. */
export const notificationsQueryOptions = queryOptions({
  queryKey: ['notifications'],
  queryFn: () => parseResponse(api.notifications.$get({ query: {} })),
  refetchInterval: 60_000,
});

export function useNotifications() {
  return useQuery(notificationsQueryOptions);
}
