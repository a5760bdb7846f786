import { Divider, Skeleton, Stack, Text } from '@mantine/core';
import { ErrorState } from '../error-state';
import { useConnections } from '../../lib/queries/connections';
import { AddConnectionForm } from './add-connection-form';
import { ConnectProviders } from './connect-providers';
import { ConnectReturn } from './connect-return';
import { ConnectionRow } from './connection-row';
import type { SignInReturn } from './use-sign-in';

/**
 * Settings → Connections and the onboarding's Connect Accounts step: what a sign-in brought back (the
 * account picker, or why nothing was connected), the list, the Connect buttons, then the form for the
 * kinds added by address and token. `returnTo` is the screen a sign-in comes back to; `onLeave` keeps
 * what must survive the trip to the provider's page.
 */
export function ConnectionsManager({ returnTo = 'settings', onLeave }: Partial<SignInReturn>) {
  const signInReturn: SignInReturn = { returnTo, ...(onLeave ? { onLeave } : {}) };
  const connections = useConnections();
  return (
    <Stack gap="lg">
      <ConnectReturn />
      {connections.isPending ? (
        <Skeleton height={72} role="status" aria-label="Loading connections" />
      ) : connections.isError ? (
        <ErrorState title="Could not load your connections" message="Check your connection and reload the page." onRetry={() => void connections.refetch()} />
      ) : connections.data.length === 0 ? (
        <Text size="sm" c="dimmed">
          No connections yet. Add one below so that each scheduled post is published at its time.
        </Text>
      ) : (
        <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Your connections">
          {connections.data.map((connection) => (
            <ConnectionRow key={connection.id} connection={connection} signInReturn={signInReturn} />
          ))}
        </Stack>
      )}
      <Divider label="Connect by signing in" labelPosition="left" />
      <ConnectProviders {...signInReturn} />
      <Divider label="Add a webhook, Mastodon or Bluesky" labelPosition="left" />
      <AddConnectionForm />
    </Stack>
  );
}
