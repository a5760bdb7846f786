import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';

export const STALE_TEXT = 'This post was changed in another tab or window.';

export interface StaleAlertProps {
  busy: boolean;
  onReload: () => void;
  onOverwrite: () => void;
}

/** Shown after a 409 'stale_version': take the other change, or send ours again on top of it. */
export function StaleAlert({ busy, onReload, onOverwrite }: StaleAlertProps) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    ref.current?.scrollIntoView?.({ block: 'nearest' });
  }, []);
  return (
    <Alert ref={ref} color="orange" variant="light" icon={<IconAlertTriangle size={18} aria-hidden="true" />}>
      <Stack gap="xs">
        <Text size="sm" fw={700}>
          {STALE_TEXT}
        </Text>
        <Text size="sm">Reload the latest version to see that change, or overwrite it with your version.</Text>
        <Group gap="xs">
          <Button size="xs" variant="default" onClick={onReload} disabled={busy}>
            Reload latest
          </Button>
          <Button size="xs" onClick={onOverwrite} loading={busy}>
            Overwrite with mine
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}
