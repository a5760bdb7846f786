import { Stack, Switch, Title } from '@mantine/core';
import { useId } from 'react';
import type { MonthDetail } from '@shared/schemas/month';
import { errorMessage } from '../../../lib/api-error';
import { notify } from '../../../lib/notify';
import { useApprovalRule } from '../api/approval-rule';

/** The month's rule: only approved posts are published; the others wait at their time. */
export function ApprovalRuleSwitch({ month }: { month: MonthDetail }) {
  const headingId = useId();
  const rule = useApprovalRule(month.id);
  // The switch follows the click at once; the month's own value once the server has answered and it is read again.
  const checked = (rule.isPending ? rule.variables : undefined) ?? month.requireApproval;

  const change = (requireApproval: boolean) =>
    rule.mutate(requireApproval, {
      onSuccess: (answer) =>
        notify({
          tone: 'success',
          message: answer.requireApproval
            ? 'Only approved posts of this month will be published.'
            : 'Posts of this month go out at their time, approved or not.',
        }),
      onError: (error) => notify({ tone: 'error', title: 'Could not change the rule', message: errorMessage(error) }),
    });

  return (
    <Stack component="section" gap="xs" aria-labelledby={headingId}>
      <Title order={2} fz="md" id={headingId}>
        Publishing
      </Title>
      <Switch
        label="Publish only approved posts"
        description="Posts not approved by their time wait instead of going out, and are sent when approved if it is not too late."
        checked={checked}
        onChange={(event) => change(event.currentTarget.checked)}
        disabled={month.archived || rule.isPending}
      />
    </Stack>
  );
}
