import { notifications } from '@mantine/notifications';

/** Notifications with a named close button and a description dark enough for WCAG AA. */
export function notify({ tone, title, message }: { tone: 'success' | 'error'; title: string; message: string }) {
  notifications.show({
    color: tone === 'success' ? 'green' : 'red',
    title,
    message,
    closeButtonProps: { 'aria-label': 'Dismiss notification' },
    styles: { description: { color: 'var(--mantine-color-dimmed)' } },
  });
}
