import { ActionIcon } from '@mantine/core';
import type { DeliveryStatus } from '@shared/schemas/publishing';
import { IconPlus } from '@tabler/icons-react';
import { lazy, Suspense, useMemo, useState, type ReactElement } from 'react';
import { calendarGrid, WEEKDAY_HEADERS, type CalendarCell } from '@shared/domain/calendar-grid';
import { longDate, weekdayAndDate, WEEKDAY_NAMES } from '@shared/domain/day-words';
import { dateOnly, type MonthRef } from '@shared/domain/months';
import type { Post } from '@shared/schemas/post';
import type { PostActions } from '../../../components/post-action-items';
import { DayMenu } from './day-menu';
import { DayPosts, StatusLegend } from './day-posts';
import { useIdle } from '../../../lib/when-idle';
import classes from './month-calendar.module.css';

// The '+' buttons' tooltip (a positioned popover) is a chunk of its own, added once the page is idle.
const AddTooltip = lazy(() => import('./add-tooltip').then((module) => ({ default: module.AddTooltip })));

function WithAddTooltip({ ready, children }: { ready: boolean; children: ReactElement }) {
  if (!ready) return children;
  return (
    <Suspense fallback={children}>
      <AddTooltip>{children}</AddTooltip>
    </Suspense>
  );
}

export function postsByDay(posts: Post[]): Map<string, Post[]> {
  const days = new Map<string, Post[]>();
  for (const post of posts) {
    const day = dateOnly(post.date);
    days.set(day, [...(days.get(day) ?? []), post]);
  }
  return days;
}

function cellLabel(cell: CalendarCell, count: number): string {
  const date = weekdayAndDate(cell.date);
  const posts = count === 0 ? 'no posts' : count === 1 ? '1 post' : `${count} posts`;
  return `${date}, ${posts}${cell.isToday ? ', today' : ''}`;
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

  const openDay = (date: string, dayPosts: Post[]) => {
    if (!onOpenPost || dayPosts.length === 0) return;
    if (dayPosts.length === 1) onOpenPost(dayPosts[0]!.id);
    else setPickerDate(date);
  };

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
            {cells.slice(week * 7, week * 7 + 7).map((cell) => {
              const dayPosts = cell.inMonth ? (byDay.get(cell.date) ?? []) : [];
              const dateLabel = longDate(cell.date);
              const droppable = canMove && cell.inMonth;
              return (
                <div
                  key={cell.date}
                  role="gridcell"
                  aria-label={cellLabel(cell, dayPosts.length)}
                  data-date={cell.date}
                  data-in-month={cell.inMonth}
                  data-today={cell.isToday || undefined}
                  data-drop-target={dropDate === cell.date || undefined}
                  className={`${classes.cell} ${dayPosts.length > 0 && onOpenPost ? classes.clickable : ''}`}
                  onClick={() => openDay(cell.date, dayPosts)}
                  onDragOver={
                    droppable
                      ? (event) => {
                          event.preventDefault();
                          event.dataTransfer.dropEffect = 'move';
                          setDropDate(cell.date);
                        }
                      : undefined
                  }
                  onDragLeave={droppable ? () => setDropDate((current) => (current === cell.date ? null : current)) : undefined}
                  onDrop={
                    droppable
                      ? (event) => {
                          event.preventDefault();
                          setDropDate(null);
                          const postId = event.dataTransfer.getData('text/x-post-id');
                          const post = posts.find((item) => item.id === postId);
                          if (post && dateOnly(post.date) !== cell.date) onMovePost!(postId, cell.date);
                        }
                      : undefined
                  }
                >
                  <div className={classes.dayTop}>
                    <span className={classes.dayNumber} aria-hidden="true">
                      {cell.day}
                    </span>
                    {postActions && !archived && dayPosts.length > 0 && (
                      <span className={classes.dayMenu}>
                        <DayMenu dateLabel={dateLabel} posts={dayPosts} actions={postActions} />
                      </span>
                    )}
                  </div>
                  <DayPosts
                    dateLabel={dateLabel}
                    posts={dayPosts}
                    onOpenPost={onOpenPost}
                    deliveryStatusOf={deliveryStatusOf}
                    approvalShown={approvalShown}
                    draggable={canMove}
                    pickerOpen={pickerDate === cell.date}
                    onPickerChange={(open) => setPickerDate(open ? cell.date : null)}
                  />
                  {cell.inMonth && !archived && onAddPost && dayPosts.length === 0 && (
                    <WithAddTooltip ready={tooltips}>
                      <ActionIcon
                        variant="light"
                        size="sm"
                        radius="xl"
                        className={classes.add}
                        aria-label={`Add post for this day, ${dateLabel}`}
                        onClick={(event) => {
                          event.stopPropagation();
                          onAddPost(cell.date);
                        }}
                      >
                        <IconPlus size={14} aria-hidden="true" />
                      </ActionIcon>
                    </WithAddTooltip>
                  )}
                </div>
              );
            })}
          </div>
        ))}
      </div>
      {posts.length > 0 && <StatusLegend approvalShown={approvalShown} />}
    </>
  );
}
