import { ActionIcon, Indicator } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import type { ReactElement, ReactNode, Ref } from 'react';

/** The bell's accessible name: what it is and how many are unread. */
export const bellLabel = (unread: number) => (unread === 0 ? 'Notifications, none unread' : `Notifications, ${unread} unread`);

/**
 * The bell with its unread count, the same before and after its panel has loaded; `target` wraps the
 * button itself (the panel's popover anchors to it and sets its ARIA state).
 */
export function BellButton({
  unread,
  opened,
  onToggle,
  buttonRef,
  target = (button) => button,
}: {
  unread: number;
  opened: boolean;
  onToggle: () => void;
  buttonRef?: Ref<HTMLButtonElement>;
  target?: (button: ReactElement) => ReactNode;
}) {
  return (
    <Indicator label={unread > 99 ? '99+' : unread} size={18} disabled={unread === 0} color="red.8" offset={4}>
      {target(
        <ActionIcon
          ref={buttonRef}
          variant="subtle"
          color="gray"
          size="lg"
          aria-label={bellLabel(unread)}
          aria-haspopup="dialog"
          aria-expanded={opened}
          onClick={onToggle}
        >
          <IconBell size={22} stroke={1.7} aria-hidden="true" />
        </ActionIcon>,
      )}
    </Indicator>
  );
}
