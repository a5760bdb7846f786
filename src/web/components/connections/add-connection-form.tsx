import { Alert, Button, Code, CopyButton, Group, MultiSelect, PasswordInput, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { IconKey } from '@tabler/icons-react';
import { useState } from 'react';
import { PLATFORM_LABELS, PLATFORMS, type Platform } from '@shared/domain/options';
import { ApiRequestError, errorMessage } from '../../lib/api-error';
import { notify } from '../../lib/notify';
import { useAddConnection } from '../../lib/queries/connections';

export const NETWORK_OPTIONS = PLATFORMS.map((platform) => ({ value: platform, label: PLATFORM_LABELS[platform] }));

/** Adds a webhook connection; its signing secret is shown here once, to copy into the receiver. */
export function AddConnectionForm() {
  const [name, setName] = useState('');
  const [kind, setKind] = useState<'webhook' | 'mastodon'>('webhook');
  const [url, setUrl] = useState('');
  const [accessToken, setAccessToken] = useState('');
  const [networks, setNetworks] = useState<Platform[]>([]);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [secret, setSecret] = useState<{ name: string; value: string } | null>(null);
  const add = useAddConnection();

  const submit = async () => {
    setFieldErrors({});
    try {
      const created = await add.mutateAsync(kind === 'webhook' ? { kind, name, url, networks } : { kind, name, instanceUrl: url, accessToken, networks });
      if (created.signingSecret) setSecret({ name: created.connection.name, value: created.signingSecret });
      setName('');
      setUrl('');
      setAccessToken('');
      setNetworks([]);
      if (!created.signingSecret) notify({ tone: 'success', message: `${created.connection.name} was added. Use Send test to check it.` });
    } catch (error) {
      if (error instanceof ApiRequestError && error.fields) setFieldErrors(error.fields);
      else notify({ tone: 'error', title: 'Could not add the connection', message: errorMessage(error) });
    }
  };

  return (
    <Stack gap="md">
      {secret && (
        <Alert color="gray" variant="light" icon={<IconKey size={18} aria-hidden="true" />} title={`Signing secret of ${secret.name}`} role="status">
          <Stack gap="xs">
            <Text size="sm">Copy it into your receiver now (n8n, Zapier, Make or Pipedream): it is shown only this once.</Text>
            <Code block style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }} data-testid="signing-secret">
              {secret.value}
            </Code>
            <Group>
              <CopyButton value={secret.value}>
                {({ copied, copy }) => (
                  <Button size="xs" variant="default" onClick={copy}>
                    {copied ? 'Copied' : 'Copy secret'}
                  </Button>
                )}
              </CopyButton>
              <Button size="xs" variant="subtle" onClick={() => setSecret(null)}>
                I have saved it
              </Button>
            </Group>
          </Stack>
        </Alert>
      )}
      {/* Not a <form>: the onboarding wizard around it is one, and forms do not nest. */}
      <div role="group" aria-label="Add a connection">
        <Stack gap="sm">
          <SegmentedControl
            aria-label="Kind of connection"
            value={kind}
            onChange={(value) => setKind(value as 'webhook' | 'mastodon')}
            data={[
              { value: 'webhook', label: 'Webhook' },
              { value: 'mastodon', label: 'Mastodon' },
            ]}
            maw={280}
          />
          <TextInput
            label="Name"
            placeholder="Our n8n"
            required
            maxLength={80}
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            error={fieldErrors.name}
          />
          {kind === 'webhook' ? (
            <TextInput
              label="Webhook URL"
              description="Where posts are sent, signed, at their time. It must start with https://."
              placeholder="https://hooks.example.com/…"
              required
              value={url}
              onChange={(e) => setUrl(e.currentTarget.value)}
              error={fieldErrors.url}
            />
          ) : (
            <>
              <TextInput
                label="Instance URL"
                placeholder="https://mastodon.social"
                required
                value={url}
                onChange={(e) => setUrl(e.currentTarget.value)}
                error={fieldErrors.instanceUrl}
              />
              <PasswordInput
                label="Access token"
                description="On your instance: Preferences → Development → New application, with the write:statuses and write:media scopes."
                required
                value={accessToken}
                onChange={(e) => setAccessToken(e.currentTarget.value)}
                error={fieldErrors.accessToken}
              />
            </>
          )}
          <MultiSelect
            label="Networks"
            description="Posts for these networks go out through this connection."
            data={NETWORK_OPTIONS}
            value={networks}
            onChange={(value) => setNetworks(value as Platform[])}
            placeholder={networks.length === 0 ? 'Pick networks' : undefined}
          />
          <Group>
            <Button type="button" onClick={() => void submit()} loading={add.isPending}>
              Add connection
            </Button>
          </Group>
        </Stack>
      </div>
    </Stack>
  );
}
