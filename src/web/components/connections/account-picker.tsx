import { Alert, Button, Checkbox, Group, Loader, Modal, MultiSelect, Paper, Stack, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useState } from 'react';
import type { Platform } from '@shared/domain/options';
import type { Connection, GrantAccount, OAuthGrant, OAuthProvider } from '@shared/schemas/publishing';
import { ApiRequestError, errorMessage } from '../../lib/api-error';
import { notify } from '../../lib/notify';
import { useConnections, useGrant, usePickAccounts } from '../../lib/queries/connections';
import { StatusBadge } from '../status-badge';
import { NETWORK_OPTIONS } from './add-connection-form';
import { joinNames, kindIcon, KIND_LABELS, providerName } from './connection-kinds';

const EXPIRED = 'This sign-in has expired or was already used, so there is nothing to pick here. Close this and press Connect again.';

/** What a sign-in that found no account means, and what to do about it. */
const NOTHING_FOUND: Record<OAuthProvider, string> = {
  facebook:
    'Facebook did not share any Page with this app. Make sure you are an admin of the Page, press Connect Facebook Page again and tick the Page when Facebook asks which ones to share.',
  instagram:
    'Instagram did not share a professional account. Switch the account to a business or creator account in Instagram, then press Connect Instagram again.',
  threads: 'Threads did not share a profile. Press Connect Threads again and allow access.',
  linkedin: 'LinkedIn did not share a profile or Page. Press Connect LinkedIn again and allow access.',
  x: 'X did not share an account. Press Connect X again and authorize the app.',
  google:
    'Google did not share any business location. Make sure your Google account manages the Business Profile, then press Connect Google Business Profile again and allow access.',
};

/** A sign-in's answer that says it is over (expired, used or not found), rather than that something broke. */
const isOver = (error: unknown) => error instanceof ApiRequestError && (error.code === 'not_found' || error.code === 'oauth_failed');

const keyOf = (account: GrantAccount) => `${account.kind}:${account.accountId}`;

/**
 * After the provider's page: the accounts the sign-in found, each with a checkbox and the networks it
 * will publish. Ones already connected are marked (connecting them again renews their token and keeps
 * their routes). `onClose(true)` once connected.
 */
export function AccountPicker({ grantId, onClose }: { grantId: string; onClose: (connected: boolean) => void }) {
  const grant = useGrant(grantId);
  // Read first so that an account connected already keeps its networks (below).
  const connections = useConnections();
  return (
    <Modal opened onClose={() => onClose(false)} title="Choose the accounts to connect" size="lg" closeButtonProps={{ 'aria-label': 'Close' }}>
      {grant.isPending || connections.isPending ? (
        <Group gap="xs" role="status" py="md">
          <Loader size="sm" />
          <Text size="sm">Reading the accounts you allowed…</Text>
        </Group>
      ) : grant.isError ? (
        <Stack gap="md">
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} aria-hidden="true" />} role="alert" title="Nothing to connect">
            {isOver(grant.error) ? EXPIRED : `${errorMessage(grant.error)} Try again, or close this and press Connect again.`}
          </Alert>
          <Group justify="flex-end">
            {!isOver(grant.error) && (
              <Button variant="default" onClick={() => void grant.refetch()}>
                Try again
              </Button>
            )}
            <Button onClick={() => onClose(false)}>Close</Button>
          </Group>
        </Stack>
      ) : (
        <AccountChoices grant={grant.data} onClose={onClose} />
      )}
    </Modal>
  );
}

function AccountChoices({ grant, onClose }: { grant: OAuthGrant; onClose: (connected: boolean) => void }) {
  const connections = useConnections();
  const pick = usePickAccounts();
  const existing = (account: GrantAccount): Connection | undefined => connections.data?.find((connection) => connection.id === account.connectionId);
  // Checked at first: what is already connected (to renew it), or the one account when there is only one.
  const [chosen, setChosen] = useState<Set<string>>(
    () => new Set(grant.accounts.filter((account) => account.connectionId !== null || grant.accounts.length === 1).map(keyOf)),
  );
  // A renewed connection keeps its networks; a new one publishes its own network's posts.
  const [networks, setNetworks] = useState<Record<string, Platform[]>>(() =>
    Object.fromEntries(grant.accounts.map((account) => [keyOf(account), existing(account)?.networks ?? [account.kind]])),
  );

  if (grant.accounts.length === 0) {
    return (
      <Stack gap="md">
        <Text size="sm">{NOTHING_FOUND[grant.provider]}</Text>
        <Group justify="flex-end">
          <Button onClick={() => onClose(false)}>Close</Button>
        </Group>
      </Stack>
    );
  }

  const toggle = (key: string, on: boolean) =>
    setChosen((current) => {
      const next = new Set(current);
      if (on) next.add(key);
      else next.delete(key);
      return next;
    });

  const connect = async () => {
    const accounts = grant.accounts
      .filter((account) => chosen.has(keyOf(account)))
      .map((account) => ({ accountId: account.accountId, kind: account.kind, networks: networks[keyOf(account)] ?? [] }));
    try {
      const connected = await pick.mutateAsync({ grantId: grant.id, pick: { accounts } });
      const names = joinNames(connected.map((connection) => connection.name));
      notify({
        tone: 'success',
        title: 'Connected',
        message: `${names} ${connected.length === 1 ? 'is' : 'are'} connected. Scheduled posts go out at their time.`,
      });
      onClose(true);
    } catch (error) {
      notify({ tone: 'error', title: 'Could not connect the accounts', message: isOver(error) ? EXPIRED : errorMessage(error) });
    }
  };

  return (
    <Stack gap="md">
      <Text size="sm">
        {providerName(grant.provider)} shared {grant.accounts.length === 1 ? 'this account' : 'these accounts'}. Tick the ones whose posts this app should
        publish.
      </Text>
      <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Accounts to connect">
        {grant.accounts.map((account) => {
          const key = keyOf(account);
          const KindIcon = kindIcon(account.kind);
          return (
            <Paper key={key} withBorder p="sm" component="li">
              <Stack gap="xs">
                <Group justify="space-between" wrap="wrap" gap="xs">
                  <Checkbox
                    checked={chosen.has(key)}
                    onChange={(event) => toggle(key, event.currentTarget.checked)}
                    label={
                      <Group gap={6} wrap="nowrap" component="span">
                        <KindIcon size={16} aria-hidden="true" />
                        {account.name}
                      </Group>
                    }
                    description={KIND_LABELS[account.kind]}
                  />
                  {account.connectionId !== null && <StatusBadge tone="neutral">Connected — connecting again renews it</StatusBadge>}
                </Group>
                {chosen.has(key) && (
                  <MultiSelect
                    pl={32}
                    label="Sends posts for"
                    description="Posts for these networks go out through this account."
                    data={NETWORK_OPTIONS}
                    value={networks[key] ?? []}
                    onChange={(value) => setNetworks((current) => ({ ...current, [key]: value as Platform[] }))}
                    placeholder={(networks[key] ?? []).length === 0 ? 'Pick the networks it publishes' : undefined}
                    size="sm"
                  />
                )}
              </Stack>
            </Paper>
          );
        })}
      </Stack>
      <Group justify="flex-end">
        <Button variant="default" onClick={() => onClose(false)}>
          Cancel
        </Button>
        <Button onClick={() => void connect()} loading={pick.isPending} disabled={chosen.size === 0}>
          Connect
        </Button>
      </Group>
    </Stack>
  );
}
