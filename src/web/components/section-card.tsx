import { Divider, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { useId, type ReactNode } from 'react';

export interface SectionCardProps {
  title: string;
  description: string;
  icon: ReactNode;
  /** Heading level inside the page (2 on a page of sections, 3 under a tab's own heading). */
  order?: 2 | 3;
  /** A danger zone: red accents. */
  danger?: boolean;
  /** A rule between the heading and the content. */
  divided?: boolean;
  /** The anchor a link can lead to (/settings#connections). */
  id?: string;
  children: ReactNode;
}

/** A card of a page: icon, heading and one-line purpose, then its content (a named region). */
export function SectionCard({ title, description, icon, order = 2, danger = false, divided = false, id, children }: SectionCardProps) {
  const headingId = useId();
  return (
    <Paper
      withBorder
      p={{ base: 'md', sm: 'xl' }}
      component="section"
      id={id}
      aria-labelledby={headingId}
      h="100%"
      style={danger ? { borderColor: 'var(--mantine-color-red-3)' } : undefined}
    >
      <Group gap="md" align="flex-start" wrap="nowrap" mb={divided ? 0 : 'lg'}>
        <ThemeIcon size={40} radius="md" variant="light" color={danger ? 'red' : undefined} aria-hidden="true">
          {icon}
        </ThemeIcon>
        <Stack gap={2}>
          <Title order={order} fz="lg" id={headingId} c={danger ? 'red.9' : undefined}>
            {title}
          </Title>
          <Text size="sm" c="dimmed">
            {description}
          </Text>
        </Stack>
      </Group>
      {divided && <Divider my="lg" color={danger ? 'red.1' : 'gray.2'} />}
      {divided ? children : <Stack gap="lg">{children}</Stack>}
    </Paper>
  );
}
