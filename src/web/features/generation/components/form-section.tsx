import { Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { useId, type ReactNode } from 'react';

/** One card of the strategy form: icon, heading, one-line purpose, fields. */
export function FormSection({ title, description, icon, children }: { title: string; description: string; icon: ReactNode; children: ReactNode }) {
  const headingId = useId();
  return (
    <Paper withBorder p={{ base: 'md', sm: 'xl' }} component="section" aria-labelledby={headingId} h="100%">
      <Group gap="sm" align="flex-start" wrap="nowrap" mb="lg">
        <ThemeIcon size={36} radius="md" variant="light" aria-hidden="true">
          {icon}
        </ThemeIcon>
        <Stack gap={2}>
          <Title order={3} fz="lg" id={headingId}>
            {title}
          </Title>
          <Text size="sm" c="dimmed">
            {description}
          </Text>
        </Stack>
      </Group>
      <Stack gap="lg">{children}</Stack>
    </Paper>
  );
}
