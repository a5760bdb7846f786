import { Menu } from '@mantine/core';
import { IconCalendarShare, IconFileSpreadsheet } from '@tabler/icons-react';
import type { ReactNode } from 'react';

/** The Export menu once first opened (export-menu.tsx): a chunk of its own, with the menu component. */
export function ExportMenuDropdown({
  trigger,
  base,
  opened,
  onChange,
}: {
  trigger: ReactNode;
  base: string;
  opened: boolean;
  onChange: (opened: boolean) => void;
}) {
  return (
    <Menu opened={opened} onChange={onChange} position="bottom-end" shadow="md" width={240}>
      <Menu.Target>{trigger}</Menu.Target>
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
