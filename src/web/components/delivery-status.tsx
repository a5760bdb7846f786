import { Anchor, Button, Group, List, Skeleton, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import type { DeliveryStatus } from '@shared/schemas/publishing';
import { errorMessage, type ApiRequestError } from '../lib/api-error';
import { notify } from '../lib/notify';
import { useDelivery, useDeliveryAction } from '../lib/posts/api/delivery';
import { PublishRefusal, publishRefusal } from './publish-refusal';
import { StatusBadge } from './status-badge';

export const DELIVERY_LABELS: Record<DeliveryStatus, string> = {
  scheduled: 'Scheduled',
  awaiting_approval: 'Awaiting approval',
  publishing: 'Publishing',
  published: 'Published',
  failed: 'Failed',
  unknown: 'Outcome unknown',
  missed: 'Missed',
  cancelled: 'Cancelled',
};

const TONE: Record<DeliveryStatus, 'positive' | 'neutral' | 'brand' | 'warning' | 'danger'> = {
  scheduled: 'brand',
  awaiting_approval: 'warning',
  publishing: 'brand',
  published: 'positive',
  failed: 'danger',
  unknown: 'warning',
  missed: 'warning',
  cancelled: 'neutral',
};

/** Where a post's delivery stands, in a word. */
export function DeliveryBadge({ status }: { status: DeliveryStatus }) {
  return <StatusBadge tone={TONE[status]}>{DELIVERY_LABELS[status]}</StatusBadge>;
}

const timeOf = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** A post's delivery: its state and reason, the live link, each attempt, and retry or confirm where they apply. */
export function DeliveryDetails({ postId }: { postId: string }) {
  const delivery = useDelivery(postId);
  const action = useDeliveryAction();
  // A retry refused before sending (the connection is disconnected, the network would refuse the post) stays on screen.
  const [refusal, setRefusal] = useState<ApiRequestError | null>(null);
  if (delivery.isPending) return <Skeleton height={40} role="status" aria-label="Loading the delivery" />;
  if (delivery.isError) return <Text size="sm">Could not load how this post went out. Reload the page to try again.</Text>;
  const current = delivery.data;
  if (!current) return null;

  const act = async (kind: 'retry' | 'confirm') => {
    setRefusal(null);
    try {
      await action.mutateAsync({ postId, action: kind });
      notify({ tone: 'success', message: kind === 'retry' ? 'It will be sent again in a moment.' : 'Marked as published.' });
    } catch (error) {
      const refused = publishRefusal(error);
      if (refused) setRefusal(refused);
      else notify({ tone: 'error', title: kind === 'retry' ? 'Could not retry' : 'Could not confirm', message: errorMessage(error) });
    }
  };

  return (
    <Stack gap="xs" aria-label="Delivery" role="group">
      <Group gap="xs">
        <DeliveryBadge status={current.status} />
        {current.status === 'scheduled' && <Text size="sm">Goes out {timeOf(current.nextAttemptAt)}.</Text>}
        {current.liveUrl && (
          <Anchor href={current.liveUrl} target="_blank" rel="noreferrer" size="sm">
            View the live post
          </Anchor>
        )}
      </Group>
      {current.reason && <Text size="sm">{current.reason}</Text>}
      {(current.status === 'failed' || current.status === 'unknown' || current.status === 'missed') && (
        <Group gap="xs">
          <Button size="xs" onClick={() => void act('retry')} loading={action.isPending}>
            Retry now
          </Button>
          {current.status === 'unknown' && (
            <Button size="xs" variant="default" onClick={() => void act('confirm')} disabled={action.isPending}>
              It was published
            </Button>
          )}
        </Group>
      )}
      {refusal && <PublishRefusal refusal={refusal} title="Could not send it again" onClose={() => setRefusal(null)} />}
      {current.log.length > 0 && (
        <>
          <Text size="sm" fw={600}>
            Delivery log
          </Text>
          <List size="sm" spacing={4} aria-label="Delivery log">
            {current.log.map((entry, index) => (
              <List.Item key={index}>
                <Text span size="sm" c="dimmed">
                  {timeOf(entry.at)}
                </Text>{' '}
                {entry.detail}
              </List.Item>
            ))}
          </List>
        </>
      )}
    </Stack>
  );
}
