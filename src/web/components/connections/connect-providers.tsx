import { Anchor, Button, Group, Skeleton, Stack, Text } from '@mantine/core';
import { OAUTH_PROVIDERS } from '@shared/schemas/publishing';
import { useConnectOptions } from '../../lib/queries/connections';
import { ENABLE_DOCS, joinNames, kindIcon, PROVIDER_LABELS, providerName, providerNetwork } from './connection-kinds';
import { useSignIn, type SignInReturn } from './use-sign-in';

/** X's pay-per-use prices for creating a post (docs.x.com/x-api/getting-started/pricing, as of 27 November 2026). */
const X_PRICING_URL = 'https://docs.x.com/x-api/getting-started/pricing';

/**
 * "Connect Facebook Page", "Connect Instagram" and "Connect Threads" for the providers the operator
 * configured; the ones it did not are named in one sentence that says who can enable them. Next to
 * "Connect X", what X charges for each post.
 */
export function ConnectProviders(props: SignInReturn) {
  const options = useConnectOptions();
  const { signIn, leaving } = useSignIn(props);

  if (options.isPending) return <Skeleton height={36} maw={520} role="status" aria-label="Loading the accounts you can connect" />;
  if (options.isError) {
    return (
      <Group gap="xs" role="alert">
        <Text size="sm">Could not check which accounts can be connected.</Text>
        <Button size="compact-sm" variant="light" onClick={() => void options.refetch()}>
          Try again
        </Button>
      </Group>
    );
  }

  const available = OAUTH_PROVIDERS.filter((provider) => options.data.providers.some((option) => option.provider === provider && option.available));
  const missing = OAUTH_PROVIDERS.filter((provider) => !available.includes(provider));
  const missingNames = joinNames(missing.map(providerName));

  return (
    <Stack gap="xs">
      {available.length > 0 && (
        <Group gap="sm" role="group" aria-label="Connect by signing in">
          {available.map((provider) => {
            const label = PROVIDER_LABELS[provider];
            const network = providerNetwork(provider);
            const BrandIcon = kindIcon(network.id);
            return (
              <Button
                key={provider}
                variant="default"
                w={{ base: '100%', xs: 'auto' }}
                leftSection={<BrandIcon size={18} aria-hidden="true" color={network.colors.text} />}
                loading={leaving === provider}
                disabled={leaving !== null && leaving !== provider}
                onClick={() => void signIn(provider)}
              >
                {label}
              </Button>
            );
          })}
        </Group>
      )}
      {available.length > 0 && (
        <Text size="xs" c="dimmed">
          You sign in on the network&apos;s own page, then choose which accounts to connect. Your password never reaches this app.
        </Text>
      )}
      {available.includes('x') && (
        <Text size="xs" c="dimmed">
          X charges this server&apos;s X app for every post it publishes: $0.015 a post, $0.20 for a post with a link (X&apos;s prices on 27 November 2026).{' '}
          <Anchor href={X_PRICING_URL} target="_blank" rel="noreferrer" size="xs" underline="always">
            See X&apos;s current API pricing
          </Anchor>
          .
        </Text>
      )}
      {missing.length > 0 && (
        <Text size="sm" c="dimmed">
          Connecting {missingNames} directly is not enabled on this server; its administrator can enable it (see {ENABLE_DOCS}).
        </Text>
      )}
    </Stack>
  );
}
