import { ActionIcon, Indicator } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { useNotifications } from '../api/notifications';
import classes from './notification-bell.module.css';

// The panel (a positioned popover, its list and date formatting) is a chunk of its own, fetched when
// the bell is first pressed: the layout draws two bells (phone header, side bar) on every page.
const NotificationPanel = lazy(() => import('./notification-panel').then((module) => ({ default: module.NotificationPanel })));

/** The bell's accessible name: what it is and how many are unread. */
export const bellLabel = (unread: number) => (unread === 0 ? 'Notifications, none unread' : `Notifications, ${unread} unread`);

/** The bell in the signed-in layout: unread count, and a panel of what happened, newest first, each leading to its place. */
export function NotificationBell() {
  const list = useNotifications();
  const unread = list.data?.unread ?? 0;
  const [state, setState] = useState<'unused' | 'open' | 'closed'>('unused');
  const opened = state === 'open';

  const bell = (
    <Indicator label={unread > 99 ? '99+' : unread} size={18} disabled={unread === 0} color="red.8" offset={4}>
      <ActionIcon
        variant="subtle"
        color="gray"
        size="lg"
        aria-label={bellLabel(unread)}
        aria-expanded={opened}
        onClick={() => setState(opened ? 'closed' : 'open')}
      >
        <IconBell size={22} stroke={1.7} aria-hidden="true" />
      </ActionIcon>
    </Indicator>
  );
  if (state === 'unused') return <div className={classes.anchor}>{bell}</div>;
  return (
    <Suspense fallback={<div className={classes.anchor}>{bell}</div>}>
      <NotificationPanel target={bell} opened={opened} onChange={(next) => setState(next ? 'open' : 'closed')} />
    </Suspense>
  );
}
