import { Alert, Anchor, CloseButton, Group, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { ErrorCode } from '@shared/schemas/error-codes';
import { ApiRequestError } from '../lib/api-error';
import { paths } from '../lib/paths';

/** Refusals of scheduling or retrying that the user fixes elsewhere: the connection (in Settings), or the post itself. */
const CONNECTION_REFUSALS: readonly ErrorCode[] = ['connection_disconnected', 'connection_unreadable'];
const REFUSALS: readonly ErrorCode[] = [...CONNECTION_REFUSALS, 'network_refuses_post'];

/** The error when it is such a refusal: worth keeping on screen (a toast goes) until the user acts on it. */
export function publishRefusal(error: unknown): ApiRequestError | null {
  return error instanceof ApiRequestError && REFUSALS.includes(error.code) ? error : null;
}

/** Why the post was not scheduled (or retried), in the server's words, with the way to Settings → Connections where the connection is at fault. */
export function PublishRefusal({ refusal, title, onClose }: { refusal: ApiRequestError; title: string; onClose: () => void }) {
  return (
    <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} p="xs" role="alert">
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
        <Stack gap={4}>
          <Text size="sm" fw={600}>
            {title}
          </Text>
          <Text size="sm">{refusal.message}</Text>
          {CONNECTION_REFUSALS.includes(refusal.code) && (
            <Anchor component={Link} to={paths.settings} size="sm">
              Open Settings → Connections
            </Anchor>
          )}
        </Stack>
        <CloseButton size="sm" aria-label="Dismiss" onClick={onClose} />
      </Group>
    </Alert>
  );
}
