import { IconDots } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import type { Post } from '@shared/schemas/post';
import type { PostActions } from '../../../components/post-action-items';
import classes from './month-calendar.module.css';

// The menu itself (positioning, focus handling, its items) is a chunk of its own, fetched when first opened.
const DayMenuDropdown = lazy(() => import('./day-menu-dropdown').then((module) => ({ default: module.DayMenuDropdown })));

/**
 * The day's menu: for each of its posts, duplicate, adapt for another network, or delete. Until it is
 * first opened it is only its button: a month has a menu on every day with posts, and building them
 * all (positioning, focus handling, Mantine's button) would hold up the calendar's first paint.
 */
export function DayMenu({ dateLabel, posts, actions }: { dateLabel: string; posts: Post[]; actions: PostActions }) {
  const [state, setState] = useState<'unused' | 'open' | 'closed'>('unused');
  // A plain button styled like a small subtle icon button: the month draws one on every day with posts.
  const trigger = (
    <button
      type="button"
      className={classes.dayMenuButton}
      aria-label={`Actions for posts on ${dateLabel}`}
      aria-haspopup="menu"
      aria-expanded={state === 'open'}
      data-day-menu
      onClick={(event) => {
        event.stopPropagation();
        if (state === 'unused') setState('open');
      }}
    >
      <IconDots size={16} aria-hidden="true" />
    </button>
  );
  if (state === 'unused') return trigger;
  return (
    <Suspense fallback={trigger}>
      <DayMenuDropdown
        trigger={trigger}
        opened={state === 'open'}
        onChange={(opened) => setState(opened ? 'open' : 'closed')}
        posts={posts}
        actions={actions}
      />
    </Suspense>
  );
}
