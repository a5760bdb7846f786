/** Where in the app a notification leads (the web app's routes; e-mails prefix PUBLIC_URL). */
export function notificationPath(notification: { postId: string | null; monthId: string | null; connectionId: string | null }): string {
  const { postId, monthId, connectionId } = notification;
  if (monthId && postId) return `/month/${encodeURIComponent(monthId)}?post=${encodeURIComponent(postId)}`;
  if (monthId) return `/month/${encodeURIComponent(monthId)}`;
  if (connectionId) return '/settings#connections';
  return '/dashboard';
}

/** Settings → Notifications, where the e-mail choices are. */
export const NOTIFICATION_SETTINGS_PATH = '/settings#notifications';
