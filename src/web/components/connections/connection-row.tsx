import { Button, Group, Modal, MultiSelect, Paper, Stack, Text, TextInput } from '@mantine/core';
import { IconBrandBluesky, IconBrandFacebook, IconBrandInstagram, IconBrandMastodon, IconBrandThreads, IconWebhook } from '@tabler/icons-react';
import { useState } from 'react';
import type { Platform } from '@shared/domain/options';
import type { Connection, ConnectionKind } from '@shared/schemas/publishing';
import { errorMessage } from '../../lib/api-error';
import { notify } from '../../lib/notify';
import { useRemoveConnection, useTestConnection, useUpdateConnection } from '../../lib/queries/connections';
import { NETWORK_OPTIONS } from './add-connection-form';

const KIND_LABELS: Record<ConnectionKind, string> = {
  webhook: 'Webhook to',
  mastodon: 'Mastodon at',
  bluesky: 'Bluesky at',
  facebook: 'Facebook Page',
  instagram: 'Instagram account',
  threads: 'Threads profile',
};
const KIND_ICONS: Record<ConnectionKind, typeof IconWebhook> = {
  webhook: IconWebhook,
  mastodon: IconBrandMastodon,
  bluesky: IconBrandBluesky,
  facebook: IconBrandFacebook,
  instagram: IconBrandInstagram,
  threads: IconBrandThreads,
};

/** One connection: its name, host and networks; Send test, Rename and Remove. */
export function ConnectionRow({ connection }: { connection: Connection }) {
  const update = useUpdateConnection();
  const remove = useRemoveConnection();
  const test = useTestConnection();
  const [renaming, setRenaming] = useState(false);
  const [removing, setRemoving] = useState(false);
  const [name, setName] = useState(connection.name);
  const KindIcon = KIND_ICONS[connection.kind];

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
                {KIND_LABELS[connection.kind]} {connection.host}
              </Text>
            </div>
          </Group>
          <Group gap="xs">
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
