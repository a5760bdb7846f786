import { Anchor, Paper, Skeleton, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { PLATFORM_LABELS } from '@shared/domain/options';
import type { DeliverySummary } from '@shared/schemas/publishing';
import { DeliveryBadge } from '../../../components/delivery-status';
import { paths } from '../../../lib/paths';
import { allDeliveriesQueryOptions } from '../../../lib/queries/deliveries';
import classes from './dashboard.module.css';

const GOING_OUT_MAX = 5;
const when = (iso: string) => new Date(iso).toLocaleString(undefined, { weekday: 'short', month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit' });
const postLink = (delivery: DeliverySummary) => `${paths.month(delivery.monthId, { tab: 'scheduled' })}&post=${encodeURIComponent(delivery.postId)}`;

function DeliveryList({ deliveries }: { deliveries: DeliverySummary[] }) {
  return (
    <Stack gap={6}>
      {deliveries.map((delivery) => (
        <UnstyledButton key={delivery.id} component={Link} to={postLink(delivery)} className={classes.row}>
          <Text size="sm" fw={600} w={120} className={classes.day}>
            {when(delivery.nextAttemptAt)}
          </Text>
          <Text size="sm" c="dimmed" w={86}>
            {PLATFORM_LABELS[delivery.platform]}
          </Text>
          <Text size="sm" lineClamp={1} style={{ flex: 1 }}>
            {delivery.excerpt}
          </Text>
          <DeliveryBadge status={delivery.status} />
        </UnstyledButton>
      ))}
    </Stack>
  );
}

function Card({ id, title, children }: { id: string; title: string; children: React.ReactNode }) {
  return (
    <Paper withBorder p="lg" component="section" aria-labelledby={id}>
      <Title order={2} fz="md" id={id} mb="md">
        {title}
      </Title>
      {children}
    </Paper>
  );
}

/** 'Going out next' (the next posts to be published) and 'Needs attention' (failed, unknown or missed). */
export function PublishingOverview() {
  const deliveries = useQuery(allDeliveriesQueryOptions);
  const next = (deliveries.data ?? []).filter((item) => item.status === 'scheduled' || item.status === 'publishing').slice(0, GOING_OUT_MAX);
  const attention = (deliveries.data ?? []).filter((item) => item.status === 'failed' || item.status === 'unknown' || item.status === 'missed');
  const body = (list: DeliverySummary[], empty: React.ReactNode) =>
    deliveries.isPending ? (
      <Skeleton height={44} />
    ) : deliveries.isError ? (
      <Text size="sm">Could not load your publishing. Reload the page to try again.</Text>
    ) : list.length === 0 ? (
      empty
    ) : (
      <DeliveryList deliveries={list} />
    );
  return (
    <>
      <Card id="going-out-heading" title="Going out next">
        {body(
          next,
          <Stack gap={4} align="flex-start">
            <Text size="sm">No posts are waiting to be published.</Text>
            <Anchor component={Link} to={paths.settings} size="sm">
              Connect a network in Settings
            </Anchor>
          </Stack>,
        )}
      </Card>
      <Card id="attention-heading" title="Needs attention">
        {body(attention, <Text size="sm">Nothing needs you: every post went out or is on its way.</Text>)}
      </Card>
    </>
  );
}
