import { Group, Stack, Title } from '@mantine/core';
import { useId, type ReactNode } from 'react';

/** One titled part of the drawer: a landmark section named by its h3. */
export function EditorSection({ title, action, children }: { title: string; action?: ReactNode; children: ReactNode }) {
  const id = useId();
  return (
    <Stack component="section" gap="sm" aria-labelledby={id}>
      <Group justify="space-between" gap="xs">
        <Title order={3} fz="md" id={id}>
          {title}
        </Title>
        {action}
      </Group>
      {children}
    </Stack>
  );
}
