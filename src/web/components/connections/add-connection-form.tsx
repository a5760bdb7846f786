import { Alert, Button, Code, CopyButton, Group, MultiSelect, PasswordInput, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { IconKey } from '@tabler/icons-react';
import { useState, type ChangeEvent } from 'react';
import { PLATFORM_LABELS, PLATFORMS, type Platform } from '@shared/domain/options';
import { BLUESKY_DEFAULT_SERVICE, type ConnectionCreate, type FormConnectionKind } from '@shared/schemas/publishing';
import { ApiRequestError, errorMessage } from '../../lib/api-error';
import { notify } from '../../lib/notify';
import { useAddConnection } from '../../lib/queries/connections';

type Bind = (
  value: string,
  set: (value: string) => void,
  field: string,
) => { required: true; value: string; onChange: (e: ChangeEvent<HTMLInputElement>) => void; error: string | undefined };

const NAME_PLACEHOLDERS = { webhook: 'Our n8n', mastodon: 'Our Mastodon', bluesky: 'Our Bluesky' } as const;

export const NETWORK_OPTIONS = PLATFORMS.map((platform) => ({ value: platform, label: PLATFORM_LABELS[platform] }));

/** Adds a connection (webhook, Mastodon or Bluesky); a webhook's signing secret is shown here once, to copy into the receiver. */
export function AddConnectionForm() {
  const [name, setName] = useState('');
  const [kind, setKind] = useState<FormConnectionKind>('webhook');
  const [url, setUrl] = useState('');
  const [accessToken, setAccessToken] = useState('');
  const [handle, setHandle] = useState('');
  const [serviceUrl, setServiceUrl] = useState(BLUESKY_DEFAULT_SERVICE);
  const [networks, setNetworks] = useState<Platform[]>([]);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [secret, setSecret] = useState<{ name: string; value: string } | null>(null);
  const add = useAddConnection();
  /** A required text field's value, change handler and the server's message for it. */
  const bind: Bind = (value, set, field) => ({
    required: true,
    value,
    onChange: (e: ChangeEvent<HTMLInputElement>) => set(e.currentTarget.value),
    error: fieldErrors[field],
  });

  /**
   * An account connection starts out publishing its own network's posts (still changeable below). The
   * address and the secret belong to one kind of service: a Mastodon token must not turn up as a
   * Bluesky app password, so both are cleared when the kind changes.
   */
  const chooseKind = (next: FormConnectionKind) => {
    if (next === kind) return;
    setKind(next);
    setUrl('');
    setAccessToken('');
    setFieldErrors({});
    if (next !== 'webhook' && networks.length === 0) setNetworks([next]);
  };

  const submit = async () => {
    setFieldErrors({});
    try {
      const input: ConnectionCreate =
        kind === 'webhook'
          ? { kind, name, url, networks }
          : kind === 'mastodon'
            ? { kind, name, instanceUrl: url, accessToken, networks }
            : { kind, name, handle, appPassword: accessToken, serviceUrl, networks };
      const created = await add.mutateAsync(input);
      if (created.signingSecret) setSecret({ name: created.connection.name, value: created.signingSecret });
      setName('');
      setUrl('');
      setAccessToken('');
      setHandle('');
      setServiceUrl(BLUESKY_DEFAULT_SERVICE);
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
            onChange={(value) => chooseKind(value as FormConnectionKind)}
            data={[
              { value: 'webhook', label: 'Webhook' },
              { value: 'mastodon', label: 'Mastodon' },
              { value: 'bluesky', label: 'Bluesky' },
            ]}
            maw={360}
          />
          <TextInput label="Name" placeholder={NAME_PLACEHOLDERS[kind]} maxLength={80} {...bind(name, setName, 'name')} />
          {kind === 'webhook' && (
            <TextInput
              label="Webhook URL"
              description="Where posts are sent, signed, at their time. It must start with https://."
              placeholder="https://hooks.example.com/…"
              {...bind(url, setUrl, 'url')}
            />
          )}
          {kind === 'mastodon' && (
            <>
              <TextInput label="Instance URL" placeholder="https://mastodon.social" {...bind(url, setUrl, 'instanceUrl')} />
              <PasswordInput
                label="Access token"
                description="On your instance: Preferences → Development → New application, with the read:accounts, read:statuses, write:statuses and write:media scopes."
                {...bind(accessToken, setAccessToken, 'accessToken')}
              />
            </>
          )}
          {kind === 'bluesky' && (
            <>
              <TextInput label="Handle" placeholder="name.bsky.social" autoComplete="off" {...bind(handle, setHandle, 'handle')} />
              <PasswordInput
                label="App password"
                description="Make one in Bluesky: Settings → Privacy and security → App passwords. Not your account's password."
                autoComplete="off"
                {...bind(accessToken, setAccessToken, 'appPassword')}
              />
              <TextInput
                label="Service address"
                description="Leave it as it is unless your account is on another server."
                {...bind(serviceUrl, setServiceUrl, 'serviceUrl')}
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
