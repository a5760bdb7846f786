import { Button, Group, NativeSelect, Text } from '@mantine/core';
import { IconCalendarPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { monthId, monthName, nextMonth, parseMonthId, type MonthRef } from '@shared/domain/months';
import { PLAN_AHEAD_MONTHS } from '@shared/schemas/post-actions';
import type { Workspace } from '@shared/schemas/month';
import { errorMessage } from '../../../lib/api-error';
import { notify } from '../../../lib/notify';
import { paths } from '../../../lib/paths';
import { usePlanMonth } from '../api/plan-month';

/** Months after next, up to PLAN_AHEAD_MONTHS ahead, that the user has not planned yet. */
function plannable(workspace: Workspace): MonthRef[] {
  const existing = new Set([...workspace.active, ...workspace.upcoming].map((month) => month.id));
  let ref = parseMonthId(workspace.currentMonthId)!;
  const months: MonthRef[] = [];
  for (let step = 1; step <= PLAN_AHEAD_MONTHS; step += 1) {
    ref = nextMonth(ref);
    if (step >= 2 && !existing.has(monthId(ref))) months.push(ref);
  }
  return months;
}

/** 'Plan a later month': pick a month up to 12 ahead; it opens ready to generate like any other. */
export function PlanMonth({ workspace }: { workspace: Workspace }) {
  const choices = plannable(workspace);
  const [chosen, setChosen] = useState<string | null>(null);
  const plan = usePlanMonth();
  const navigate = useNavigate();
  if (choices.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        Every month up to {PLAN_AHEAD_MONTHS} months ahead is planned.
      </Text>
    );
  }
  const value = chosen && choices.some((ref) => monthId(ref) === chosen) ? chosen : monthId(choices[0]!);
  const submit = async () => {
    try {
      const month = await plan.mutateAsync(value);
      notify({ tone: 'success', title: `${month.name} ${month.year} planned`, message: 'Set its strategy and generate its posts.' });
      await navigate(paths.month(month.id, { tab: 'generate' }));
    } catch (error) {
      notify({ tone: 'error', title: 'Could not plan that month', message: errorMessage(error) });
    }
  };
  return (
    <Group gap="sm" align="flex-end" wrap="wrap">
      <NativeSelect
        label="Month to plan"
        description={`Up to ${PLAN_AHEAD_MONTHS} months ahead`}
        value={value}
        onChange={(event) => setChosen(event.currentTarget.value)}
        data={choices.map((ref) => ({ value: monthId(ref), label: `${monthName(ref.month)} ${ref.year}` }))}
      />
      <Button leftSection={<IconCalendarPlus size={16} aria-hidden="true" />} onClick={() => void submit()} loading={plan.isPending}>
        Plan a later month
      </Button>
    </Group>
  );
}
