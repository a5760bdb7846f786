import { Alert, Button, Group, Loader, NativeSelect, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconLeaf } from '@tabler/icons-react';
import { useState } from 'react';
import { EVERGREEN_INTERVALS, type EvergreenFill } from '@shared/schemas/evergreen';
import type { MonthDetail } from '@shared/schemas/month';
import { SectionCard } from '../../../components/section-card';
import { errorMessage } from '../../../lib/api-error';
import { useEvergreenFill } from '../api/evergreen-fill';
import { evergreenOutcome } from '../lib/evergreen-outcome';

/** "Fill with evergreen posts": the user's evergreen posts of earlier months, reworded, on this month's empty planned days. */
export function EvergreenFillCard({ month }: { month: MonthDetail }) {
  const [interval, setIntervalDays] = useState<EvergreenFill['intervalDays']>(60);
  const fill = useEvergreenFill(month.id);
  const outcome = fill.data ? evergreenOutcome(fill.data, fill.variables.intervalDays) : null;
  const cannot = month.archived
    ? 'This month is archived.'
    : month.strategy === null
      ? 'Save a strategy by generating this month first: its planned days are where evergreen posts go.'
      : null;

  return (
    <SectionCard
      order={3}
      title="Fill with evergreen posts"
      description="Bring back the posts you marked Evergreen, reworded, on planned days of this month that have no post."
      icon={<IconLeaf size={20} />}
    >
      <Stack gap="md">
        <Group align="flex-end" gap="md" wrap="wrap">
          <NativeSelect
            label="Show each post again at most every"
            data={EVERGREEN_INTERVALS.map((days) => ({ value: String(days), label: `${days} days` }))}
            value={String(interval)}
            onChange={(event) => setIntervalDays(Number(event.currentTarget.value) as EvergreenFill['intervalDays'])}
            disabled={fill.isPending}
            w={{ base: '100%', xs: 320 }}
          />
          <Button
            variant="default"
            w={{ base: '100%', xs: 'auto' }}
            onClick={() => fill.mutate({ intervalDays: interval })}
            disabled={fill.isPending || cannot !== null}
            leftSection={fill.isPending ? <Loader size={16} color="currentColor" aria-hidden="true" /> : <IconLeaf size={18} aria-hidden="true" />}
          >
            {fill.isPending ? 'Filling…' : 'Fill with evergreen posts'}
          </Button>
        </Group>
        {cannot && (
          <Text size="sm" c="dimmed">
            {cannot}
          </Text>
        )}
        <div role="status" aria-live="polite">
          {outcome && (
            <Alert color={fill.data!.placed > 0 ? 'teal' : 'gray'} variant="light" icon={<IconLeaf size={18} />}>
              <Stack gap={4}>
                <Text size="sm" fw={600}>
                  {fill.data!.placed > 0 ? 'Evergreen posts placed' : 'No posts placed'}
                </Text>
                {outcome.map((line) => (
                  <Text size="sm" key={line}>
                    {line}
                  </Text>
                ))}
              </Stack>
            </Alert>
          )}
        </div>
        {fill.isError && (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} title="Could not fill the month" role="alert">
            {errorMessage(fill.error)}
          </Alert>
        )}
      </Stack>
    </SectionCard>
  );
}
