import { lazy, Suspense, useState } from 'react';
import { useNotifications } from '../api/notifications';
import { useIdle } from '../../../lib/when-idle';
import { BellButton } from './bell-button';

export { bellLabel } from './bell-button';

// The panel (a positioned popover, its list and date formatting) is a chunk of its own, fetched when
// the bell is first pressed: the layout draws two bells (phone header, side bar) on every page.
const NotificationPanel = lazy(() => import('./notification-panel').then((module) => ({ default: module.NotificationPanel })));

/** The bell in the signed-in layout: unread count, and a panel of what happened, newest first, each leading to its place. */
export function NotificationBell() {
  // Read once the page is idle: a read started on mount runs its fetch in the task of the layout's
  // first commit, before the month's header can paint.
  const list = useNotifications(useIdle());
  const unread = list.data?.unread ?? 0;
  const [state, setState] = useState<'unused' | 'open' | 'closed'>('unused');
  const opened = state === 'open';
  const bell = <BellButton unread={unread} opened={opened} onToggle={() => setState(opened ? 'closed' : 'open')} />;
  if (state === 'unused') return bell;
  return (
    <Suspense fallback={bell}>
      <NotificationPanel opened={opened} onChange={(next) => setState(next ? 'open' : 'closed')} />
    </Suspense>
  );
}
