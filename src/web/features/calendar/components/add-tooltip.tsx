import { Tooltip } from '@mantine/core';
import type { ReactElement } from 'react';

/** The calendar's '+' tooltip (month-calendar.tsx): a chunk of its own, loaded once the page is idle. */
export function AddTooltip({ children }: { children: ReactElement }) {
  return (
    <Tooltip label="Add post for this day" withArrow openDelay={200}>
      {children}
    </Tooltip>
  );
}
