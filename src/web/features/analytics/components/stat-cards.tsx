import { Group, Paper, SimpleGrid, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconAlertTriangle, IconCalendarMonth, IconClock, IconFileText, IconPencil, IconSend, type Icon } from '@tabler/icons-react';
import type { Analytics } from '@shared/schemas/analytics';
import { percent } from '../chart-data';

interface Stat {
  label: string;
  value: number;
  hint: string;
  icon: Icon;
}

function stats(analytics: Analytics): Stat[] {
  const { totalPosts, months, status, editing, publishing } = analytics;
  return [
    { label: 'Total posts', value: totalPosts, hint: 'Across all your months', icon: IconFileText },
    { label: 'Months', value: months, hint: months === 1 ? 'Month with posts' : 'Months with posts', icon: IconCalendarMonth },
    { label: 'Scheduled', value: status.scheduled, hint: `${percent(status.scheduled, totalPosts)}% of posts, ${status.draft} in draft`, icon: IconClock },
    { label: 'Edited', value: editing.edited, hint: `${percent(editing.edited, totalPosts)}% changed after writing`, icon: IconPencil },
    { label: 'Published', value: publishing.published, hint: 'Sent through your connections', icon: IconSend },
    {
      label: 'Failed',
      value: publishing.failed,
      hint: publishing.failed > 0 ? 'See Needs attention on the dashboard' : 'None so far',
      icon: IconAlertTriangle,
    },
  ];
}

/** The headline numbers, each a labelled card. */
export function StatCards({ analytics }: { analytics: Analytics }) {
  return (
    <SimpleGrid cols={{ base: 2, sm: 3 }} spacing={{ base: 'sm', sm: 'lg' }} component="section" aria-label="Summary">
      {stats(analytics).map((stat) => (
        <Paper key={stat.label} withBorder p={{ base: 'md', sm: 'lg' }}>
          <Group justify="space-between" align="flex-start" wrap="nowrap">
            <Stack gap={4}>
              <Text size="sm" c="dimmed" fw={500}>
                {stat.label}
              </Text>
              <Text fz={30} fw={700} lh={1.1} data-stat={stat.label}>
                {stat.value}
              </Text>
            </Stack>
            <ThemeIcon size={40} radius="md" variant="light" aria-hidden="true">
              <stat.icon size={22} stroke={1.7} />
            </ThemeIcon>
          </Group>
          <Text size="xs" c="dimmed" mt="sm">
            {stat.hint}
          </Text>
        </Paper>
      ))}
    </SimpleGrid>
  );
}
