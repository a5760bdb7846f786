import { Divider, Skeleton, Stack, Text } from '@mantine/core';
import { ErrorState } from '../error-state';
import { useConnections } from '../../lib/queries/connections';
import { AddConnectionForm } from './add-connection-form';
import { ConnectionRow } from './connection-row';

/** Settings → Connections and the onboarding's Connect Accounts step: the list, then the form to add one. */
export function ConnectionsManager() {
  const connections = useConnections();
  return (
    <Stack gap="lg">
      {connections.isPending ? (
        <Skeleton height={72} aria-label="Loading connections" />
      ) : connections.isError ? (
        <ErrorState title="Could not load your connections" message="Check your connection and reload the page." onRetry={() => void connections.refetch()} />
      ) : connections.data.length === 0 ? (
        <Text size="sm" c="dimmed">
          No connections yet. Add a webhook to publish at each post&apos;s time through n8n, Zapier, Make or Pipedream, which pass posts on to Facebook,
          Instagram, LinkedIn and X, or post straight to a Bluesky or Mastodon account.
        </Text>
      ) : (
        <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Your connections">
          {connections.data.map((connection) => (
            <ConnectionRow key={connection.id} connection={connection} />
          ))}
        </Stack>
      )}
      <Divider label="Add a connection" labelPosition="left" />
      <AddConnectionForm />
    </Stack>
  );
}
