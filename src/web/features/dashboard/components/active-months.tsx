import { Paper, Skeleton, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { IconChevronRight } from '@tabler/icons-react';
import { Link } from 'react-router';
import { StatusBadge } from '../../../components/status-badge';
import type { MonthSummary } from '@shared/schemas/month';
import { paths } from '../../../lib/paths';
import classes from './dashboard.module.css';

export function ActiveMonths({ months, loading }: { months: MonthSummary[]; loading: boolean }) {
  return (
    <Paper withBorder p="lg" component="section" aria-labelledby="active-months-heading">
      <Title order={2} fz="md" id="active-months-heading" mb="md">
        Active months
      </Title>
      {loading && (
        <Stack gap="xs">
          {[0, 1].map((key) => (
            <Skeleton key={key} height={48} />
          ))}
        </Stack>
      )}
      <Stack gap={6}>
        {months.map((month) => (
          <UnstyledButton key={month.id} component={Link} to={paths.month(month.id)} className={classes.row}>
            <Text fw={600} style={{ flex: 1 }}>
              {month.name} {month.year}
            </Text>
            {month.contentGenerated ? (
              <StatusBadge tone="positive">{month.postCount} posts</StatusBadge>
            ) : (
              <StatusBadge tone="neutral">Not generated yet</StatusBadge>
            )}
            <IconChevronRight size={18} aria-hidden="true" color="var(--mantine-color-gray-6)" />
          </UnstyledButton>
        ))}
      </Stack>
    </Paper>
  );
}
