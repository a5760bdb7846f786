import { Button, Group, Text } from '@mantine/core';
import { wantToasts } from './toasts-wanted';

// The toast library (and the providers' container for it) loads with the first toast: screens that
// only may show one do not carry it.
const toasts = () => import('@mantine/notifications').then((module) => module.notifications);
let sequence = 0;

interface Note {
  tone: 'success' | 'warning' | 'error';
  /** Left out when the message says it all (e.g. a rewrite's failure). */
  title?: string;
  message: string;
  /** Stays until closed. */
  persistent?: boolean;
  /** A button in the toast (e.g. 'Undo'); clicking it closes the toast. */
  action?: { label: string; onClick: () => void };
  /** Closes after this many milliseconds (the theme's default otherwise). */
  autoCloseMs?: number;
}

const COLORS: Record<Note['tone'], string> = { success: 'green', warning: 'yellow', error: 'red' };

/** The one way to show a toast for the outcome of an action; accessibility defaults come from the theme. Returns its id. */
export function notify({ tone, title, message, persistent = false, action, autoCloseMs }: Note): string {
  sequence += 1;
  const id = `note-${sequence}`;
  wantToasts();
  const body = action ? (
    <Group justify="space-between" gap="sm" wrap="nowrap">
      <Text size="sm">{message}</Text>
      <Button
        size="compact-sm"
        variant="light"
        onClick={() => {
          void toasts().then((notifications) => notifications.hide(id));
          action.onClick();
        }}
      >
        {action.label}
      </Button>
    </Group>
  ) : (
    message
  );
  void toasts().then((notifications) =>
    notifications.show({
      id,
      color: COLORS[tone],
      ...(title ? { title } : {}),
      message: body,
      ...(persistent ? { autoClose: false } : autoCloseMs ? { autoClose: autoCloseMs } : {}),
    }),
  );
  return id;
}
