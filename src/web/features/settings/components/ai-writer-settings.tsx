import { Button, Group, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconPlugConnected, IconSparkles, IconTemplate } from '@tabler/icons-react';
import { ErrorState } from '../../../components/error-state';
import { StatusBadge } from '../../../components/status-badge';
import { errorMessage } from '../../../lib/api-error';
import type { AiSettings, ConnectionTest } from '@shared/schemas/settings';
import { notify } from '../../../lib/notify';
import { useAiSettings } from '../../../lib/queries/ai-settings';
import { useTestAiConnection } from '../api/test-ai-connection';

function Detail({ term, children }: { term: string; children: React.ReactNode }) {
  return (
    <div>
      <Text component="dt" size="sm" c="dimmed" fw={500}>
        {term}
      </Text>
      <Text component="dd" m={0} mt={2} fw={500} style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </div>
  );
}

function WriterSummary({ settings }: { settings: AiSettings }) {
  if (settings.kind === 'offline')
    return (
      <Stack gap="xs">
        <Group gap="sm">
          <Text fw={600}>{settings.label}</Text>
          <StatusBadge tone="neutral" icon={<IconTemplate size={12} aria-hidden="true" />}>
            Template writer
          </StatusBadge>
        </Group>
        <Text size="sm" c="dimmed">
          This is not AI. Posts are written on this server from built-in templates, filled in with your company profile and each month&apos;s strategy. Nothing
          is sent to an outside service. An administrator can connect an AI provider in the server&apos;s configuration.
        </Text>
      </Stack>
    );
  return (
    <Stack gap="md">
      <Group gap="sm">
        <Text fw={600}>{settings.label}</Text>
        <StatusBadge tone="brand" icon={<IconSparkles size={12} aria-hidden="true" />}>
          AI provider
        </StatusBadge>
      </Group>
      <SimpleGrid component="dl" cols={{ base: 1, sm: 2 }} spacing="md" m={0}>
        <Detail term="Provider">{settings.provider}</Detail>
        <Detail term="Model">{settings.model}</Detail>
      </SimpleGrid>
      <Text size="sm" c="dimmed">
        The provider&apos;s address and API key stay on the server and are never shown here.
      </Text>
    </Stack>
  );
}

/** Darker than Mantine's green.9 so small text passes WCAG AA (7:1). */
const OK_GREEN = '#0b6b45';

function TestResult({ result }: { result: ConnectionTest }) {
  const color = result.ok ? OK_GREEN : 'var(--mantine-color-red-9)';
  const Icon = result.ok ? IconCircleCheck : IconAlertTriangle;
  return (
    <Group gap="xs" wrap="nowrap" align="flex-start">
      <Icon size={20} color={color} aria-hidden="true" style={{ flexShrink: 0, marginTop: 1 }} />
      <Text size="sm">
        <Text span fw={700} c={color}>
          {result.ok ? 'Connection works' : 'Connection failed'}
        </Text>{' '}
        ({result.latencyMs} ms). {result.message}
      </Text>
    </Group>
  );
}

/** Which writer the server uses (never its key) and a connection test. */
export function AiWriterSettings() {
  const settings = useAiSettings();
  const test = useTestAiConnection();

  const runTest = async () => {
    try {
      const result = await test.mutateAsync();
      notify(
        result.ok
          ? { tone: 'success', title: 'Connection works', message: result.message }
          : { tone: 'error', title: 'Connection failed', message: result.message },
      );
    } catch (error) {
      notify({ tone: 'error', title: 'Connection test failed', message: errorMessage(error) });
    }
  };

  if (settings.isError)
    return <ErrorState title="Could not load the writer settings" message={errorMessage(settings.error)} onRetry={() => void settings.refetch()} />;
  return (
    <Stack gap="lg">
      {settings.data ? <WriterSummary settings={settings.data} /> : <Skeleton height={72} role="status" aria-label="Loading the writer settings" />}
      <Group gap="md" align="center">
        <Button
          variant="default"
          leftSection={<IconPlugConnected size={18} aria-hidden="true" />}
          onClick={() => void runTest()}
          loading={test.isPending}
          disabled={!settings.data}
        >
          Test connection
        </Button>
        <div role="status" aria-live="polite" style={{ flex: 1, minWidth: 220 }}>
          {test.data && !test.isPending && <TestResult result={test.data} />}
          {test.isError && !test.isPending && (
            <Text size="sm" c="red.9" fw={600}>
              {errorMessage(test.error)}
            </Text>
          )}
        </div>
      </Group>
    </Stack>
  );
}
