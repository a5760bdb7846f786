import { Text } from '@mantine/core';
import { useMemo } from 'react';
import { calendarGrid, WEEKDAY_HEADERS, type CalendarCell } from '../../../../shared/domain/calendar-grid';
import { dateOnly, type MonthRef } from '../../../../shared/domain/months';
import type { Post } from '../../../../shared/schemas/post';
import classes from './month-calendar.module.css';
import { PlatformPill } from './platform-pill';

const MAX_PILLS = 2;
const WEEKDAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

export function postsByDay(posts: Post[]): Map<string, Post[]> {
  const days = new Map<string, Post[]>();
  for (const post of posts) {
    const day = dateOnly(post.date);
    days.set(day, [...(days.get(day) ?? []), post]);
  }
  return days;
}

function cellLabel(cell: CalendarCell, count: number): string {
  const date = new Date(`${cell.date}T12:00:00Z`).toLocaleDateString('en-US', { weekday: 'long', month: 'long', day: 'numeric', timeZone: 'UTC' });
  const posts = count === 0 ? 'no posts' : count === 1 ? '1 post' : `${count} posts`;
  return `${date}, ${posts}${cell.isToday ? ', today' : ''}`;
}

export interface MonthCalendarProps {
  month: MonthRef;
  posts: Post[];
  today: string;
  /** Renders extra controls inside a current-month cell (open, add); the calendar stays a pure view. */
  renderCellAction?: (cell: CalendarCell, posts: Post[]) => React.ReactNode;
}

/** The spec's 6-week, 42-cell grid: Sunday first, adjacent-month days dimmed, today marked, platform pills. */
export function MonthCalendar({ month, posts, today, renderCellAction }: MonthCalendarProps) {
  const cells = useMemo(() => calendarGrid(month, today), [month, today]);
  const byDay = useMemo(() => postsByDay(posts), [posts]);
  return (
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
            return (
              <div
                key={cell.date}
                role="gridcell"
                aria-label={cellLabel(cell, dayPosts.length)}
                data-date={cell.date}
                data-in-month={cell.inMonth}
                data-today={cell.isToday || undefined}
                className={classes.cell}
              >
                <Text component="span" className={classes.dayNumber} aria-hidden="true">
                  {cell.day}
                </Text>
                {dayPosts.length > 0 && (
                  <div className={classes.pills}>
                    {dayPosts.slice(0, MAX_PILLS).map((post) => (
                      <PlatformPill key={post.id} platform={post.platform} />
                    ))}
                    {dayPosts.length > MAX_PILLS && <span className={classes.more}>+{dayPosts.length - MAX_PILLS} others</span>}
                  </div>
                )}
                {cell.inMonth && renderCellAction?.(cell, dayPosts)}
              </div>
            );
          })}
        </div>
      ))}
    </div>
  );
}
