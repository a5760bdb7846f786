import { Box, Button, Group, Loader, Popover, ScrollArea, Stack, Text, UnstyledButton } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import type { Notification } from '@shared/schemas/notifications';
import { notificationPath } from '@shared/domain/notification-path';
import { useNotifications } from '../api/notifications';
import { useMarkRead } from '../api/mark-read';
import { useMarkAllRead } from '../api/mark-all-read';
import { BellButton } from './bell-button';
import classes from './notification-bell.module.css';

// Made at first use: the first Intl formatter a page makes loads the locale data (tens of ms on a phone).
let whenFormat: Intl.DateTimeFormat | undefined;
const when = () => (whenFormat ??= new Intl.DateTimeFormat(undefined, { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' }));

function Item({ notification, onOpen }: { notification: Notification; onOpen: (notification: Notification) => void }) {
  const unread = notification.readAt === null;
  return (
    <li>
      <UnstyledButton onClick={() => onOpen(notification)} className={classes.item}>
        <Group gap="xs" wrap="nowrap" align="flex-start">
          <Box className={classes.dot} data-unread={unread || undefined} aria-hidden="true" />
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Text size="sm" fw={unread ? 700 : 500} style={{ overflowWrap: 'anywhere' }}>
              {unread && <span className={classes.visuallyHidden}>Unread: </span>}
              {notification.title}
            </Text>
            <Text size="xs" c="dimmed" lineClamp={3} style={{ overflowWrap: 'anywhere' }}>
              {notification.body}
            </Text>
            <Text size="xs" c="dimmed">
              {when().format(new Date(notification.createdAt))}
            </Text>
          </Stack>
        </Group>
      </UnstyledButton>
    </li>
  );
}

/**
 * The bell's panel: what happened, newest first, each leading to its place. A chunk of its own, loaded
 * when the bell is first pressed (notification-bell.tsx), with the bell it opens from.
 */
export function NotificationPanel({ opened, onChange }: { opened: boolean; onChange: (opened: boolean) => void }) {
  const navigate = useNavigate();
  const list = useNotifications();
  const markRead = useMarkRead();
  const markAllRead = useMarkAllRead();
  const unread = list.data?.unread ?? 0;
  const close = () => onChange(false);
  const bell = useRef<HTMLButtonElement>(null);
  const wasOpen = useRef(opened);
  // The bell was swapped for this one while the panel loaded: focus comes back to it on close.
  useEffect(() => {
    if (wasOpen.current && !opened && document.activeElement === document.body) bell.current?.focus();
    wasOpen.current = opened;
  }, [opened]);

  const open = (notification: Notification) => {
    if (!notification.readAt) markRead.mutate(notification.id);
    close();
    void navigate(notificationPath(notification));
  };

  return (
    <Popover opened={opened} onChange={(next) => (next ? undefined : close())} position="bottom-end" width={360} shadow="md" withinPortal trapFocus returnFocus>
      <BellButton
        unread={unread}
        opened={opened}
        onToggle={() => onChange(!opened)}
        buttonRef={bell}
        target={(button) => <Popover.Target>{button}</Popover.Target>}
      />
      <Popover.Dropdown className={classes.dropdown} aria-label="Notifications">
        <Group justify="space-between" px="sm" py={6} wrap="nowrap">
          <Text fw={700} size="sm" component="h2" m={0}>
            Notifications
          </Text>
          <Button size="compact-xs" variant="subtle" disabled={unread === 0 || markAllRead.isPending} onClick={() => markAllRead.mutate()}>
            Mark all read
          </Button>
        </Group>
        <Box className={classes.divider} />
        {list.isPending && (
          <Group justify="center" py="md" role="status" aria-label="Loading notifications">
            <Loader size="sm" />
          </Group>
        )}
        {list.isError && (
          <Stack gap="xs" px="sm" py="sm" role="alert">
            <Text size="sm">Your notifications could not be loaded. Check your connection and try again.</Text>
            <Button size="compact-sm" variant="light" onClick={() => void list.refetch()}>
              Try again
            </Button>
          </Stack>
        )}
        {list.data && list.data.notifications.length === 0 && (
          <Text size="sm" c="dimmed" px="sm" py="md">
            Nothing yet. Failed posts, connections that need you and finished months will show here.
          </Text>
        )}
        {list.data && list.data.notifications.length > 0 && (
          <ScrollArea.Autosize mah={420} type="auto">
            <ul className={classes.list} aria-label="Notifications, newest first">
              {list.data.notifications.map((notification) => (
                <Item key={notification.id} notification={notification} onOpen={open} />
              ))}
            </ul>
          </ScrollArea.Autosize>
        )}
      </Popover.Dropdown>
    </Popover>
  );
}
