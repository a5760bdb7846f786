import { notifications } from '@mantine/notifications';

/** A toast for the outcome of an action; accessibility defaults come from the theme. */
export function notify({ tone, title, message }: { tone: 'success' | 'warning' | 'error'; title: string; message: string }) {
  notifications.show({ color: tone === 'success' ? 'green' : tone === 'warning' ? 'yellow' : 'red', title, message });
}
