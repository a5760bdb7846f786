import { notifications } from '@mantine/notifications';

/** A toast for the outcome of an action; accessibility defaults come from the theme. `persistent` stays until closed. */
export function notify({ tone, title, message, persistent = false }: { tone: 'success' | 'warning' | 'error'; title: string; message: string; persistent?: boolean }) {
  notifications.show({ color: tone === 'success' ? 'green' : tone === 'warning' ? 'yellow' : 'red', title, message, ...(persistent ? { autoClose: false } : {}) });
}
