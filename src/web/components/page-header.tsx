import { Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** Title, short subtitle and the page's primary action on the right. */
export function PageHeader({ title, subtitle, action }: { title: string; subtitle?: ReactNode; action?: ReactNode }) {
  return (
    <Group justify="space-between" align="flex-start" mb="xl" wrap="wrap" gap="md">
      <Stack gap={4}>
        <Title order={1} fz={28}>
          {title}
        </Title>
        {subtitle && <Text c="dimmed">{subtitle}</Text>}
      </Stack>
      {action}
    </Group>
  );
}
