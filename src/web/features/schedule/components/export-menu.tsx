import { Button, Menu } from '@mantine/core';
import { IconCalendarShare, IconChevronDown, IconDownload, IconFileSpreadsheet } from '@tabler/icons-react';

/** Downloads of the month: CSV for bulk schedulers, iCalendar for calendar apps. */
export function ExportMenu({ monthId, disabled }: { monthId: string; disabled?: boolean }) {
  const base = `/api/months/${encodeURIComponent(monthId)}`;
  return (
    <Menu position="bottom-end" shadow="md" width={240}>
      <Menu.Target>
        <Button
          variant="default"
          leftSection={<IconDownload size={16} aria-hidden="true" />}
          rightSection={<IconChevronDown size={14} aria-hidden="true" />}
          disabled={disabled}
        >
          Export
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item component="a" href={`${base}/export.csv`} download leftSection={<IconFileSpreadsheet size={16} aria-hidden="true" />}>
          CSV for scheduling tools
        </Menu.Item>
        <Menu.Item component="a" href={`${base}/export.ics`} download leftSection={<IconCalendarShare size={16} aria-hidden="true" />}>
          Calendar file (.ics)
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
