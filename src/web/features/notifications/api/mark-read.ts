import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, parseResponse } from '../../../lib/api-client';
import { notificationsQueryOptions } from './notifications';

/** POST /api/notifications/:id/read: the list shows it read at once, then reads again. */
export function useMarkRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (notificationId: string) => parseResponse(api.notifications[':notificationId'].read.$post({ param: { notificationId } })),
    onMutate: (notificationId) => {
      queryClient.setQueryData(notificationsQueryOptions.queryKey, (page) =>
        page
          ? {
              ...page,
              unread: Math.max(0, page.unread - (page.notifications.some((item) => item.id === notificationId && !item.readAt) ? 1 : 0)),
              notifications: page.notifications.map((item) =>
                item.id === notificationId ? { ...item, readAt: item.readAt ?? new Date().toISOString() } : item,
              ),
            }
          : page,
      );
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationsQueryOptions.queryKey }),
  });
}
