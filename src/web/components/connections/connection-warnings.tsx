import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import type { Connection } from '@shared/schemas/publishing';
import { useConnectOptions, useConnections } from '../../lib/queries/connections';
import { healthLine } from './connection-health';
import { HealthStatus } from './connection-row';
import { isOAuthKind, kindIcon, KIND_LABELS, reconnectProvider } from './connection-kinds';
import { useSignIn } from './use-sign-in';

/** A signed-in account whose sign-in ends soon (and could not be renewed) or no longer works: only the person can reconnect it. */
export const needsReconnect = (connection: Connection) => connection.health.state !== 'healthy' && isOAuthKind(connection.kind);

/**
 * The connections that will stop posting unless the person acts: a sign-in that ends within the warning
 * days and could not be renewed (a LinkedIn sign-in lasts 60 days), or one already disconnected, each with
 * its Reconnect button. Nothing when all are well. The dashboard's 'Needs attention' shows it.
 */
export function ConnectionWarnings() {
  const connections = useConnections();
  const options = useConnectOptions();
  const { signIn, leaving } = useSignIn({ returnTo: 'settings' });
  const now = new Date();
  const troubled = (connections.data ?? []).filter(needsReconnect);
  if (troubled.length === 0) return null;
  return (
    <Stack gap={6} component="ul" aria-label="Connections that need you" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
      {troubled.map((connection) => {
        const KindIcon = kindIcon(connection.kind);
        const provider = isOAuthKind(connection.kind) ? reconnectProvider(connection.kind, options.data) : null;
        return (
          <Paper key={connection.id} component="li" withBorder p="sm" aria-label={connection.name}>
            <Group justify="space-between" align="flex-start" gap="sm">
              <Stack gap={6} style={{ flex: '1 1 220px', minWidth: 0 }}>
                <Group gap="xs" wrap="nowrap">
                  <KindIcon size={18} aria-hidden="true" />
                  <Text size="sm" fw={600} truncate>
                    {connection.name}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {KIND_LABELS[connection.kind]}
                  </Text>
                </Group>
                <HealthStatus line={healthLine(connection.health, now)} />
              </Stack>
              {provider && (
                <Button
                  size="xs"
                  leftSection={<IconRefresh size={14} aria-hidden="true" />}
                  loading={leaving === connection.id}
                  onClick={() => void signIn(provider, connection.id)}
                >
                  Reconnect
                </Button>
              )}
            </Group>
          </Paper>
        );
      })}
    </Stack>
  );
}
