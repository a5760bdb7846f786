import { Button, Group, Modal, MultiSelect, Paper, Stack, Text, TextInput } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconClockExclamation, IconRefresh } from '@tabler/icons-react';
import { useState } from 'react';
import type { Platform } from '@shared/domain/options';
import type { Connection } from '@shared/schemas/publishing';
import { errorMessage } from '../../lib/api-error';
import { notify } from '../../lib/notify';
import { useConnectOptions, useRemoveConnection, useTestConnection, useUpdateConnection } from '../../lib/queries/connections';
import { StatusBadge } from '../status-badge';
import { NETWORK_OPTIONS } from './add-connection-form';
import { healthLine, type HealthLine } from './connection-health';
import { isOAuthKind, kindIcon, KIND_LABELS, reconnectProvider } from './connection-kinds';
import { useSignIn, type SignInReturn } from './use-sign-in';

const HEALTH_BADGES = {
  healthy: { tone: 'positive', icon: IconCircleCheck },
  expiring: { tone: 'warning', icon: IconClockExclamation },
  disconnected: { tone: 'danger', icon: IconAlertTriangle },
} as const;

export function HealthStatus({ line }: { line: HealthLine }) {
  const { tone, icon: StateIcon } = line.urgent ? HEALTH_BADGES.disconnected : HEALTH_BADGES[line.state];
  const Icon = line.state === 'expiring' ? IconClockExclamation : StateIcon;
  return (
    <Stack gap={4}>
      <div>
        <StatusBadge tone={tone} icon={<Icon size={14} aria-hidden="true" />}>
          {line.label}
        </StatusBadge>
      </div>
      {line.detail && <Text size="sm">{line.detail}</Text>}
    </Stack>
  );
}

/**
 * One connection: its name, host (or, for an account connected by signing in, what kind of account it
 * is), whether it can publish, and its networks; Reconnect (accounts signed in to), Send test, Rename and
 * Remove. Reconnect signs in again and keeps the connection, its routes and its scheduled posts.
 */
export function ConnectionRow({ connection, signInReturn }: { connection: Connection; signInReturn: SignInReturn }) {
  const update = useUpdateConnection();
  const remove = useRemoveConnection();
  const test = useTestConnection();
  const [renaming, setRenaming] = useState(false);
  const [removing, setRemoving] = useState(false);
  const [name, setName] = useState(connection.name);
  const KindIcon = kindIcon(connection.kind);
  const options = useConnectOptions();
  const { signIn, leaving } = useSignIn(signInReturn);
  const signedIn = isOAuthKind(connection.kind);
  const provider = isOAuthKind(connection.kind) ? reconnectProvider(connection.kind, options.data) : null;
  const health = healthLine(connection.health, new Date());

  const change = async (json: { name?: string; networks?: Platform[] }, done: string) => {
    try {
      await update.mutateAsync({ connectionId: connection.id, json });
      notify({ tone: 'success', message: done });
      return true;
    } catch (error) {
      notify({ tone: 'error', title: 'Could not change the connection', message: errorMessage(error) });
      return false;
    }
  };

  const sendTest = async () => {
    try {
      const result = await test.mutateAsync(connection.id);
      notify({ tone: result.ok ? 'success' : 'error', title: result.ok ? 'Test delivered' : 'Test not delivered', message: result.message });
    } catch (error) {
      notify({ tone: 'error', title: 'Could not send the test', message: errorMessage(error) });
    }
  };

  const confirmRemove = async () => {
    try {
      await remove.mutateAsync(connection.id);
      notify({ tone: 'success', message: `${connection.name} was removed. Posts for its networks will fail until another connection sends them.` });
    } catch (error) {
      notify({ tone: 'error', title: 'Could not remove the connection', message: errorMessage(error) });
    }
    setRemoving(false);
  };

  return (
    <Paper withBorder p="md" component="li" aria-label={connection.name}>
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Group gap="xs" wrap="nowrap">
            <KindIcon size={20} aria-hidden="true" />
            <div>
              <Text fw={600}>{connection.name}</Text>
              <Text size="xs" c="dimmed">
                {signedIn ? KIND_LABELS[connection.kind] : `${KIND_LABELS[connection.kind]} ${connection.host}`}
              </Text>
            </div>
          </Group>
          <Group gap="xs">
            {provider && (
              <Button
                size="xs"
                variant={health.state === 'healthy' ? 'default' : 'filled'}
                leftSection={<IconRefresh size={14} aria-hidden="true" />}
                loading={leaving !== null}
                onClick={() => void signIn(provider, connection.id)}
              >
                Reconnect
              </Button>
            )}
            <Button size="xs" variant="default" onClick={() => void sendTest()} loading={test.isPending}>
              Send test
            </Button>
            <Button size="xs" variant="default" onClick={() => setRenaming(true)}>
              Rename
            </Button>
            <Button size="xs" variant="subtle" color="red" onClick={() => setRemoving(true)}>
              Remove
            </Button>
          </Group>
        </Group>
        {/* Accounts signed in to always say how they are; the other kinds only when something is wrong. */}
        {(signedIn || health.state !== 'healthy') && <HealthStatus line={health} />}
        <MultiSelect
          label="Sends posts for"
          data={NETWORK_OPTIONS}
          value={connection.networks}
          onChange={(value) => void change({ networks: value as Platform[] }, 'Networks saved.')}
          placeholder={connection.networks.length === 0 ? 'No networks yet: pick the ones this connection publishes' : undefined}
          size="sm"
        />
      </Stack>
      <Modal opened={renaming} onClose={() => setRenaming(false)} title="Rename connection">
        <form
          onSubmit={(event) => {
            // The modal is portalled, but React bubbles its submit to a form around the row (onboarding).
            event.preventDefault();
            event.stopPropagation();
            void change({ name }, 'Connection renamed.').then((ok) => ok && setRenaming(false));
          }}
        >
          <Stack>
            <TextInput label="Name" required maxLength={80} value={name} onChange={(e) => setName(e.currentTarget.value)} data-autofocus />
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setRenaming(false)}>
                Cancel
              </Button>
              <Button type="submit" loading={update.isPending}>
                Save
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
      <Modal opened={removing} onClose={() => setRemoving(false)} title={`Remove ${connection.name}?`}>
        <Stack>
          <Text size="sm">Scheduled posts for its networks will not go out until another connection sends them.</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setRemoving(false)}>
              Keep it
            </Button>
            <Button color="red" onClick={() => void confirmRemove()} loading={remove.isPending}>
              Remove
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Paper>
  );
}
