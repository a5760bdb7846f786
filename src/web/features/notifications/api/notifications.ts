import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, parseResponse } from '../../../lib/api-client';

/** GET /api/notifications: the newest page and the unread count; looked at again every minute and on focus. */
export const notificationsQueryOptions = queryOptions({
  queryKey: ['notifications'],
  queryFn: () => parseResponse(api.notifications.$get({ query: {} })),
  refetchInterval: 60_000,
});

/** `enabled: false` holds the first read back (the bell waits for the page to be idle); cached data still shows. */
export function useNotifications(enabled = true) {
  return useQuery({ ...notificationsQueryOptions, enabled });
}
