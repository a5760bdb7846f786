import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { NotificationSettingsInput } from '@shared/schemas/notifications';
import { api, parseResponse } from '../../../lib/api-client';

/** GET /api/settings/notifications: the user's e-mail choices, and whether the server sends e-mail. */
export const notificationSettingsQueryOptions = queryOptions({
  queryKey: ['settings', 'notifications'],
  queryFn: () => parseResponse(api.settings.notifications.$get()),
});

export function useNotificationSettings() {
  return useQuery(notificationSettingsQueryOptions);
}

/** PUT /api/settings/notifications, with the version the screen shows (a stale one answers 409). */
export function useSaveNotificationSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: NotificationSettingsInput) => parseResponse(api.settings.notifications.$put({ json: input })),
    onSuccess: (settings) => queryClient.setQueryData(notificationSettingsQueryOptions.queryKey, settings),
  });
}
