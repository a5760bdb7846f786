import { Divider, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { useId, type ReactNode } from 'react';

/** One card of the settings page: icon, heading and one-line purpose, then its content. */
export function SettingsSection({ title, description, icon, danger, children }: { title: string; description: string; icon: ReactNode; danger?: boolean; children: ReactNode }) {
  const headingId = useId();
  return (
    <Paper withBorder p={{ base: 'md', sm: 'xl' }} component="section" aria-labelledby={headingId} style={danger ? { borderColor: 'var(--mantine-color-red-3)' } : undefined}>
      <Group gap="md" align="flex-start" wrap="nowrap">
        <ThemeIcon size={40} radius="md" variant="light" color={danger ? 'red' : undefined} aria-hidden="true">
          {icon}
        </ThemeIcon>
        <Stack gap={2}>
          <Title order={2} fz="lg" id={headingId} c={danger ? 'red.9' : undefined}>
            {title}
          </Title>
          <Text size="sm" c="dimmed">
            {description}
          </Text>
        </Stack>
      </Group>
      <Divider my="lg" color={danger ? 'red.1' : 'gray.2'} />
      {children}
    </Paper>
  );
}
