import { notifications } from '@mantine/notifications';

interface Note {
  tone: 'success' | 'warning' | 'error';
  /** Left out when the message says it all (e.g. a rewrite's failure). */
  title?: string;
  message: string;
  /** Stays until closed. */
  persistent?: boolean;
}

const COLORS: Record<Note['tone'], string> = { success: 'green', warning: 'yellow', error: 'red' };

/** The one way to show a toast for the outcome of an action; accessibility defaults come from the theme. */
export function notify({ tone, title, message, persistent = false }: Note) {
  notifications.show({ color: COLORS[tone], ...(title ? { title } : {}), message, ...(persistent ? { autoClose: false } : {}) });
}
