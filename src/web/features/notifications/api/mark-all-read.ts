import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, parseResponse } from '../../../lib/api-client';
import { notificationsQueryOptions } from './notifications';

/** POST /api/notifications/read-all. */
export function useMarkAllRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => parseResponse(api.notifications['read-all'].$post()),
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationsQueryOptions.queryKey }),
  });
}
