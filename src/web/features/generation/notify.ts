import { notifications } from '@mantine/notifications';

/**
 * Notifications with an accessible close button and a description dark enough for WCAG AA
 * (Mantine's defaults: an unnamed close button and gray.6 text at 3.3:1).
 */
export function notify({ tone, title, message }: { tone: 'success' | 'warning' | 'error'; title: string; message: string }) {
  notifications.show({
    color: tone === 'success' ? 'green' : tone === 'warning' ? 'yellow' : 'red',
    title,
    message,
    closeButtonProps: { 'aria-label': 'Dismiss notification' },
    styles: { description: { color: 'var(--mantine-color-dimmed)' } },
  });
}
