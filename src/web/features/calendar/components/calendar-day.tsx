import { ActionIcon } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { lazy, memo, Suspense, type ReactElement } from 'react';
import type { CalendarCell } from '@shared/domain/calendar-grid';
import { longDate, weekdayAndDate } from '@shared/domain/day-words';
import { dateOnly } from '@shared/domain/months';
import type { Post } from '@shared/schemas/post';
import { DayMenu } from './day-menu';
import { DayPosts } from './day-posts';
import type { CalendarDayProps } from './day-props';
import { sameDay } from './same-day';
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

function cellLabel(cell: CalendarCell, count: number): string {
  const date = weekdayAndDate(cell.date);
  const posts = count === 0 ? 'no posts' : count === 1 ? '1 post' : `${count} posts`;
  return `${date}, ${posts}${cell.isToday ? ', today' : ''}`;
}

/**
 * One day of the grid. Memoised: a change to one day (a drop target, the day list, a delivery's mark)
 * or the '+' tooltips arriving redraws only the days it concerns, not the 42 cells and their posts.
 */
export const CalendarDay = memo(function CalendarDay({
  cell,
  posts,
  handlers,
  canOpen,
  canAdd,
  hasActions,
  archived,
  canMove,
  approvalShown,
  deliveryStatusOf,
  dropTarget,
  pickerOpen,
  tooltips,
  compact,
}: CalendarDayProps) {
  const dateLabel = longDate(cell.date);
  const droppable = canMove && cell.inMonth;
  return (
    <div
      role="gridcell"
      aria-label={cellLabel(cell, posts.length)}
      data-date={cell.date}
      data-in-month={cell.inMonth}
      data-today={cell.isToday || undefined}
      data-drop-target={dropTarget || undefined}
      className={`${classes.cell} ${posts.length > 0 && canOpen ? classes.clickable : ''}`}
      onClick={() => handlers.openDay(cell.date, posts)}
      onDragOver={
        droppable
          ? (event) => {
              event.preventDefault();
              event.dataTransfer.dropEffect = 'move';
              handlers.setDropDate(() => cell.date);
            }
          : undefined
      }
      onDragLeave={droppable ? () => handlers.setDropDate((current) => (current === cell.date ? null : current)) : undefined}
      onDrop={
        droppable
          ? (event) => {
              event.preventDefault();
              handlers.setDropDate(() => null);
              handlers.drop(event.dataTransfer.getData('text/x-post-id'), cell.date);
            }
          : undefined
      }
    >
      <div className={classes.dayTop}>
        <span className={classes.dayNumber} aria-hidden="true">
          {cell.day}
        </span>
        {hasActions && !archived && !compact && posts.length > 0 && (
          <span className={classes.dayMenu}>
            <DayMenu dateLabel={dateLabel} posts={posts} actions={handlers.actions} />
          </span>
        )}
      </div>
      <DayPosts
        dateLabel={dateLabel}
        posts={posts}
        onOpenPost={canOpen ? handlers.openPost : undefined}
        deliveryStatusOf={deliveryStatusOf}
        approvalShown={approvalShown}
        draggable={canMove}
        compact={compact}
        pickerOpen={pickerOpen}
        onPickerChange={(open) => handlers.setPickerDate(open ? cell.date : null)}
      />
      {cell.inMonth && !archived && canAdd && posts.length === 0 && (
        <WithAddTooltip ready={tooltips}>
          <ActionIcon
            variant="light"
            size="sm"
            radius="xl"
            className={classes.add}
            aria-label={`Add post for this day, ${dateLabel}`}
            onClick={(event) => {
              event.stopPropagation();
              handlers.addPost?.(cell.date);
            }}
          >
            <IconPlus size={14} aria-hidden="true" />
          </ActionIcon>
        </WithAddTooltip>
      )}
    </div>
  );
}, sameDay);

/** The post a drop names, if it is on this month and moving to another day. */
export function movedPost(posts: Post[], postId: string, date: string): Post | undefined {
  const post = posts.find((item) => item.id === postId);
  return post && dateOnly(post.date) !== date ? post : undefined;
}
