import { Center, Loader, Stack, Text } from '@mantine/core';

/** The spec's full-screen 'Loading...' while the session or onboarding status loads. */
export function FullScreenLoading() {
  return (
    <Center mih="100vh" role="status" aria-live="polite">
      <Stack align="center" gap="sm">
        <Loader size="md" aria-hidden="true" />
        <Text c="dimmed">Loading...</Text>
      </Stack>
    </Center>
  );
}
