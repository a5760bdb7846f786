import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { useId, useState } from 'react';
import type { ReviewLink } from '@shared/schemas/review';
import { StatusBadge } from '../../../components/status-badge';
import { errorMessage } from '../../../lib/api-error';
import { notify } from '../../../lib/notify';
import { useWithdrawReviewLink } from '../api/withdraw-review-link';
import { isLive, lastOpened, linkDays, linkReviewer, linkStanding } from '../link-words';

/** One link: who it is for, which days, its expiry, when it was last opened, whether the reviewer finished; Withdraw asks first. */
export function LinkRow({ link, monthId, now, onWithdrawn }: { link: ReviewLink; monthId: string; now: Date; onWithdrawn: (link: ReviewLink) => void }) {
  const nameId = useId();
  const [confirming, setConfirming] = useState(false);
  const withdraw = useWithdrawReviewLink(monthId);
  const live = isLive(link, now);

  const confirm = () =>
    withdraw.mutate(link.id, {
      onSuccess: (withdrawn) => {
        setConfirming(false);
        onWithdrawn(withdrawn);
        notify({ tone: 'success', title: 'Link withdrawn', message: 'It no longer opens the review page.' });
      },
      onError: (error) => notify({ tone: 'error', title: 'Could not withdraw the link', message: errorMessage(error) }),
    });

  return (
    <Paper withBorder p="sm" component="li" aria-labelledby={nameId}>
      <Group justify="space-between" align="center" gap="sm">
        <Stack gap={4} miw={0} style={{ flex: '1 1 240px' }}>
          <Group gap={8} wrap="wrap">
            <Text size="sm" fw={600} id={nameId} style={{ overflowWrap: 'anywhere' }}>
              {linkReviewer(link)}
            </Text>
            <StatusBadge tone={live ? 'brand' : 'neutral'}>{linkStanding(link, now)}</StatusBadge>
            {link.finishedAt && (
              <StatusBadge tone="positive" icon={<IconCircleCheck size={12} aria-hidden="true" />}>
                Finished
              </StatusBadge>
            )}
          </Group>
          <Text size="xs" c="dimmed">
            {linkDays(link)} · {lastOpened(link, now)}
          </Text>
        </Stack>
        {live &&
          (confirming ? (
            <Group gap="xs" role="group" aria-label={`Withdraw the link for ${linkReviewer(link)}?`}>
              <Text size="sm">Withdraw? It stops working at once.</Text>
              <Button size="xs" color="red" onClick={confirm} loading={withdraw.isPending} data-autofocus autoFocus>
                Withdraw link
              </Button>
              <Button size="xs" variant="default" onClick={() => setConfirming(false)} disabled={withdraw.isPending}>
                Keep it
              </Button>
            </Group>
          ) : (
            <Button size="xs" variant="default" color="red" onClick={() => setConfirming(true)} aria-describedby={nameId}>
              Withdraw
            </Button>
          ))}
      </Group>
    </Paper>
  );
}
