import { Button, Center, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';

/** What happened and what to do: used wherever a page could not load. */
export function ErrorState({ title, message, onRetry }: { title: string; message: string; onRetry?: () => void }) {
  return (
    <Center py={60} role="alert">
      <Stack align="center" gap="xs" maw={420} ta="center">
        <ThemeIcon size={48} radius="xl" color="red" variant="light">
          <IconAlertTriangle size={26} aria-hidden="true" />
        </ThemeIcon>
        <Title order={2} fz="lg">
          {title}
        </Title>
        <Text c="dimmed">{message}</Text>
        {onRetry && (
          <Button variant="light" onClick={onRetry} mt="xs">
            Try again
          </Button>
        )}
      </Stack>
    </Center>
  );
}
