import { Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconChevronRight, IconClock, IconLock } from '@tabler/icons-react';
import { Link } from 'react-router';
import { StatusBadge } from '../../../components/status-badge';
import { relativeDays } from '@shared/domain/months';
import type { MonthSummary } from '@shared/schemas/month';
import { paths } from '../../../lib/paths';
import classes from './month-card.module.css';

export function MonthCard({ month, now }: { month: MonthSummary; now: Date }) {
  const since = relativeDays(month.lastGeneratedAt ?? month.createdAt, now);
  const locked = month.archived && month.contentGenerated;
  return (
    <Card
      component={Link}
      to={paths.month(month.id, { archived: month.archived })}
      withBorder
      padding="lg"
      className={classes.card}
      aria-label={`${month.name} ${month.year}${locked ? ', archived and locked' : ''}`}
    >
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Stack gap={2}>
          <Group gap={8}>
            <Title order={3} fz="lg">
              {month.name}
            </Title>
            {locked && <IconLock size={18} aria-label="Locked" role="img" color="var(--mantine-color-gray-7)" />}
          </Group>
          <Text c="dimmed" size="sm">
            {month.year}
          </Text>
        </Stack>
        <IconChevronRight size={20} aria-hidden="true" className={classes.chevron} />
      </Group>
      <Group justify="space-between" mt="lg" gap="xs">
        {month.contentGenerated ? (
          <StatusBadge tone="positive">
            {month.postCount} {month.postCount === 1 ? 'post' : 'posts'}
          </StatusBadge>
        ) : (
          <StatusBadge tone="neutral">Not generated yet</StatusBadge>
        )}
        <Group gap={4} c="dimmed">
          <IconClock size={14} aria-hidden="true" />
          <Text size="xs" c="dimmed">
            {since}
          </Text>
        </Group>
      </Group>
    </Card>
  );
}
