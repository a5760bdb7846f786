import { Button, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconHeartHandshake } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { PageHeader } from '../../../components/page-header';
import { FeedbackForm } from './feedback-form';

function ThankYou({ onAnother }: { onAnother: () => void }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <Stack align="center" gap="sm" ta="center" py="xl">
      <ThemeIcon size={56} radius="xl" variant="light" color="green" aria-hidden="true">
        <IconHeartHandshake size={30} />
      </ThemeIcon>
      <Title order={2} fz="lg" ref={heading} tabIndex={-1}>
        Thank you for your feedback!
      </Title>
      <Text c="dimmed" maw={420}>
        Your message has been saved. It helps decide what gets better next.
      </Text>
      <Button variant="default" mt="xs" onClick={onAnother}>
        Send more feedback
      </Button>
    </Stack>
  );
}

export function FeedbackPage() {
  const [sent, setSent] = useState(false);
  return (
    <>
      <PageHeader title="Feedback" subtitle="Tell us what works, what doesn't and what you would like next." />
      <Paper withBorder p={{ base: 'md', sm: 'xl' }} maw={720}>
        {sent ? <ThankYou onAnother={() => setSent(false)} /> : <FeedbackForm onSent={() => setSent(true)} />}
      </Paper>
    </>
  );
}
