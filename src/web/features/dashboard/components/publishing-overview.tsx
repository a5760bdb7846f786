import { Anchor, Group, Paper, Skeleton, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { PLATFORM_LABELS } from '@shared/domain/options';
import type { DeliveryAtRisk, DeliveryRisk, DeliverySummary } from '@shared/schemas/publishing';
import { ConnectionWarnings, needsReconnect } from '../../../components/connections/connection-warnings';
import { DeliveryBadge } from '../../../components/delivery-status';
import { StatusBadge } from '../../../components/status-badge';
import { paths } from '../../../lib/paths';
import { useConnections } from '../../../lib/queries/connections';
import { allDeliveriesQueryOptions, deliveriesAtRiskQueryOptions } from '../../../lib/queries/deliveries';
import classes from './dashboard.module.css';

const GOING_OUT_MAX = 5;
const when = (iso: string) => new Date(iso).toLocaleString(undefined, { weekday: 'short', month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit' });
const postLink = (delivery: DeliverySummary) => `${paths.month(delivery.monthId, { tab: 'scheduled' })}&post=${encodeURIComponent(delivery.postId)}`;

function DeliveryList({ deliveries }: { deliveries: DeliverySummary[] }) {
  return (
    <Stack gap={6}>
      {deliveries.map((delivery) => (
        <UnstyledButton key={delivery.id} component={Link} to={postLink(delivery)} className={classes.row}>
          <Text size="sm" fw={600} miw={120} className={classes.day}>
            {when(delivery.nextAttemptAt)}
          </Text>
          <Text size="sm" c="dimmed" miw={72} className={classes.day}>
            {PLATFORM_LABELS[delivery.platform]}
          </Text>
          <Text size="sm" lineClamp={1} className={classes.excerpt}>
            {delivery.excerpt}
          </Text>
          <DeliveryBadge status={delivery.status} />
        </UnstyledButton>
      ))}
    </Stack>
  );
}

const RISK_LABELS: Record<DeliveryRisk, string> = {
  no_connection: 'No connection',
  disconnected: 'Disconnected',
  expires_first: 'Sign-in ends first',
  not_approved: 'Not approved',
};

/** The risk in a word: a held post shows its state ('Awaiting approval'), the others what will stop them. */
function RiskBadge({ delivery }: { delivery: DeliveryAtRisk }) {
  if (delivery.status === 'awaiting_approval') return <DeliveryBadge status={delivery.status} />;
  return <StatusBadge tone={delivery.risk === 'not_approved' ? 'warning' : 'danger'}>{RISK_LABELS[delivery.risk]}</StatusBadge>;
}

/** Where the user fixes it: the month (its review link and approval rule) for an approval, else Settings → Connections. */
function RiskAction({ delivery }: { delivery: DeliveryAtRisk }) {
  return delivery.risk === 'not_approved' ? (
    <Anchor component={Link} to={paths.month(delivery.monthId)} size="sm">
      Open the month
    </Anchor>
  ) : (
    <Anchor component={Link} to={paths.settings} size="sm">
      Open Settings → Connections
    </Anchor>
  );
}

/** Scheduled posts that will not go out as things stand, and those held for approval: the post, why (in the server's words), and where to fix it. */
function AtRiskList({ deliveries }: { deliveries: DeliveryAtRisk[] }) {
  return (
    <Stack gap={6} component="ul" className={classes.list} aria-label="Scheduled posts that will not go out as things stand">
      {deliveries.map((delivery) => (
        <li key={`${delivery.id} ${delivery.risk}`} className={classes.risk}>
          <UnstyledButton component={Link} to={postLink(delivery)} className={classes.riskPost}>
            <Group gap="sm" style={{ rowGap: 4 }}>
              <Text size="sm" fw={600} className={classes.day}>
                {when(delivery.nextAttemptAt)}
              </Text>
              <Text size="sm" c="dimmed" style={{ flex: 1 }}>
                {PLATFORM_LABELS[delivery.platform]}
              </Text>
              <span className={classes.badge}>
                <RiskBadge delivery={delivery} />
              </span>
            </Group>
            <Text size="sm" lineClamp={1}>
              {delivery.excerpt}
            </Text>
          </UnstyledButton>
          <Text size="sm" px={12} pb={8}>
            {delivery.riskMessage} <RiskAction delivery={delivery} />
          </Text>
        </li>
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

/**
 * 'Going out next' (the next posts to be published) and 'Needs attention': connections whose sign-in ends
 * soon or ended, scheduled posts whose connection will not send them or that are not approved in a month
 * that requires it, days before their time, and those held for approval; then those that failed, are
 * unknown or missed.
 */
export function PublishingOverview() {
  const deliveries = useQuery(allDeliveriesQueryOptions);
  const atRisk = useQuery(deliveriesAtRiskQueryOptions);
  const reconnect = (useConnections().data ?? []).some(needsReconnect);
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
        <Stack gap="sm">
          <ConnectionWarnings />
          {atRisk.data && atRisk.data.length > 0 && <AtRiskList deliveries={atRisk.data} />}
          {atRisk.isError && <Text size="sm">Could not check your scheduled posts. Reload the page to try again.</Text>}
          {body(attention, atRisk.data?.length || reconnect ? null : <Text size="sm">Nothing needs you: every post went out or is on its way.</Text>)}
        </Stack>
      </Card>
    </>
  );
}
