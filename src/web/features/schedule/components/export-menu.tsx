import { Button } from '@mantine/core';
import { IconChevronDown, IconDownload } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';

// The menu (positioning, focus handling, its items) is a chunk of its own, fetched when first opened.
const ExportMenuDropdown = lazy(() => import('./export-menu-dropdown').then((module) => ({ default: module.ExportMenuDropdown })));

/** Downloads of the month: CSV for bulk schedulers, iCalendar for calendar apps. Until first opened it is only its button. */
export function ExportMenu({ monthId, disabled }: { monthId: string; disabled?: boolean }) {
  const [state, setState] = useState<'unused' | 'open' | 'closed'>('unused');
  const trigger = (
    <Button
      variant="default"
      leftSection={<IconDownload size={16} aria-hidden="true" />}
      rightSection={<IconChevronDown size={14} aria-hidden="true" />}
      disabled={disabled}
      aria-haspopup="menu"
      aria-expanded={state === 'open'}
      onClick={() => state === 'unused' && setState('open')}
    >
      Export
    </Button>
  );
  if (state === 'unused') return trigger;
  return (
    <Suspense fallback={trigger}>
      <ExportMenuDropdown
        trigger={trigger}
        base={`/api/months/${encodeURIComponent(monthId)}`}
        opened={state === 'open'}
        onChange={(opened) => setState(opened ? 'open' : 'closed')}
      />
    </Suspense>
  );
}
