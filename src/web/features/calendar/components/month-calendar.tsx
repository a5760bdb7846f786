import { useMediaQuery } from '@mantine/hooks';
import type { DeliveryStatus } from '@shared/schemas/publishing';
import { useLayoutEffect, useMemo, useRef, useState } from 'react';
import { calendarGrid, WEEKDAY_HEADERS } from '@shared/domain/calendar-grid';
import { WEEKDAY_NAMES } from '@shared/domain/day-words';
import { dateOnly, type MonthRef } from '@shared/domain/months';
import type { Post } from '@shared/schemas/post';
import type { PostActions } from '../../../components/post-action-items';
import { CalendarDay, movedPost } from './calendar-day';
import type { DayHandlers } from './day-props';
import { StatusLegend } from './day-posts';
import { useIdle } from '../../../lib/when-idle';
import classes from './month-calendar.module.css';

const NO_POSTS: Post[] = [];

export function postsByDay(posts: Post[]): Map<string, Post[]> {
  const days = new Map<string, Post[]>();
  for (const post of posts) {
    const day = dateOnly(post.date);
    days.set(day, [...(days.get(day) ?? []), post]);
  }
  return days;
}

export interface MonthCalendarProps {
  month: MonthRef;
  posts: Post[];
  today: string;
  archived?: boolean;
  onOpenPost?: (postId: string) => void;
  onAddPost?: (date: string) => void;
  onMovePost?: (postId: string, date: string) => void;
  /** The day's menu (duplicate, adapt, delete); only where posts can change. */
  postActions?: PostActions;
  /** Where each post's delivery stands, for the mark on its entry. */
  deliveryStatusOf?: (postId: string) => DeliveryStatus | undefined;
  /** Marks each post's approval (the month was shared for review, or publishes only approved posts). */
  approvalShown?: boolean;
}

/**
 * The spec's 6-week, 42-cell grid: Sunday first, adjacent-month days dimmed, today marked, platform
 * pills. Pills open their post; a click on a day opens its post or, with several, a list to choose
 * from; empty days offer '+'; pills can be dragged to another day of the month.
 */
export function MonthCalendar({
  month,
  posts,
  today,
  archived = false,
  onOpenPost,
  onAddPost,
  onMovePost,
  postActions,
  deliveryStatusOf,
  approvalShown = false,
}: MonthCalendarProps) {
  const cells = useMemo(() => calendarGrid(month, today), [month, today]);
  const byDay = useMemo(() => postsByDay(posts), [posts]);
  const [pickerDate, setPickerDate] = useState<string | null>(null);
  const [dropDate, setDropDate] = useState<string | null>(null);
  const canMove = Boolean(onMovePost) && !archived;
  const tooltips = useIdle();
  // The breakpoint of the phone layout in month-calendar.module.css; read at once, not after the first render.
  const compact = useMediaQuery('(max-width: 48em)', undefined, { getInitialValueInEffect: false }) ?? false;

  // The latest props, read by handlers that stay the same object across renders (the days are memoised).
  const latest = useRef({ posts, onOpenPost, onAddPost, onMovePost, postActions });
  useLayoutEffect(() => {
    latest.current = { posts, onOpenPost, onAddPost, onMovePost, postActions };
  });
  const handlers = useMemo<DayHandlers>(
    () => ({
      openDay: (date, dayPosts) => {
        const open = latest.current.onOpenPost;
        if (!open || dayPosts.length === 0) return;
        if (dayPosts.length === 1) open(dayPosts[0]!.id);
        else setPickerDate(date);
      },
      openPost: (postId) => latest.current.onOpenPost?.(postId),
      addPost: (date) => latest.current.onAddPost?.(date),
      drop: (postId, date) => {
        if (movedPost(latest.current.posts, postId, date)) latest.current.onMovePost?.(postId, date);
      },
      setDropDate,
      setPickerDate,
      actions: {
        onDuplicate: (post) => latest.current.postActions?.onDuplicate(post),
        onAdapt: (post, platform) => latest.current.postActions?.onAdapt(post, platform),
        onDelete: (post) => latest.current.postActions?.onDelete(post),
      },
    }),
    [],
  );

  return (
    <>
      <div className={classes.calendar} role="grid" aria-label="Content calendar">
        <div className={classes.headerRow} role="row">
          {WEEKDAY_HEADERS.map((header, index) => (
            <div key={header} className={classes.header} role="columnheader" aria-label={WEEKDAY_NAMES[index]}>
              {header}
            </div>
          ))}
        </div>
        {[0, 1, 2, 3, 4, 5].map((week) => (
          <div key={week} className={classes.week} role="row">
            {cells.slice(week * 7, week * 7 + 7).map((cell) => (
              <CalendarDay
                key={cell.date}
                cell={cell}
                posts={cell.inMonth ? (byDay.get(cell.date) ?? NO_POSTS) : NO_POSTS}
                handlers={handlers}
                canOpen={Boolean(onOpenPost)}
                canAdd={Boolean(onAddPost)}
                hasActions={Boolean(postActions)}
                archived={archived}
                canMove={canMove}
                approvalShown={approvalShown}
                deliveryStatusOf={deliveryStatusOf}
                dropTarget={dropDate === cell.date}
                pickerOpen={pickerDate === cell.date}
                tooltips={tooltips}
                compact={compact}
              />
            ))}
          </div>
        ))}
      </div>
      {posts.length > 0 && <StatusLegend approvalShown={approvalShown} />}
    </>
  );
}
