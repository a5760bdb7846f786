import { Button, Paper, Skeleton, Stack, Text, ThemeIcon, Title, VisuallyHidden } from '@mantine/core';
import { IconCalendarOff, IconClockPause, IconLinkOff, IconPlugConnectedX } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import classes from './review.module.css';

/** The page's shape while it loads: the header, then two posts. */
export function ReviewSkeleton() {
  return (
    <main className={classes.main} aria-busy="true">
      <Stack gap="lg" role="status">
        <VisuallyHidden>Loading the posts to review</VisuallyHidden>
        <Stack gap="xs">
          <Skeleton height={14} width={120} />
          <Skeleton height={30} width="70%" />
          <Skeleton height={14} width="55%" />
        </Stack>
        {[0, 1].map((index) => (
          <Paper key={index} withBorder radius="lg" p="md">
            <Stack gap="sm">
              <Skeleton height={22} width={140} radius="xl" />
              <Skeleton height={12} />
              <Skeleton height={12} width="85%" />
              <Skeleton height={220} />
              <Skeleton height={36} />
            </Stack>
          </Paper>
        ))}
      </Stack>
    </main>
  );
}

/** A page of its own for a link that opens nothing, with no way into the app. */
function FullPageMessage({ icon, title, children, action }: { icon: ReactNode; title: string; children: ReactNode; action?: ReactNode }) {
  return (
    <main className={classes.centered}>
      <Paper withBorder radius="lg" p={{ base: 'lg', sm: 'xl' }} maw={440} w="100%">
        <Stack align="center" ta="center" gap="md">
          <ThemeIcon size={56} radius="xl" variant="light" color="gray" aria-hidden="true">
            {icon}
          </ThemeIcon>
          <Title order={1} fz={22}>
            {title}
          </Title>
          {children}
          {action}
        </Stack>
      </Paper>
    </main>
  );
}

/** 404 review_link_invalid: expired, withdrawn or never real, one answer for all (a guess learns nothing). */
export function InvalidLinkPage() {
  return (
    <FullPageMessage icon={<IconLinkOff size={28} />} title="This link no longer works">
      <Text c="dimmed">This review link has expired or was withdrawn. Ask the person who sent it for a new one.</Text>
    </FullPageMessage>
  );
}

/** The first read failed for another reason: too many requests, or the server out of reach. */
export function ReviewLoadError({
  rateLimited,
  message,
  onRetry,
  retrying,
}: {
  rateLimited: boolean;
  message: string;
  onRetry: () => void;
  retrying: boolean;
}) {
  return (
    <FullPageMessage
      icon={rateLimited ? <IconClockPause size={28} /> : <IconPlugConnectedX size={28} />}
      title={rateLimited ? 'Please wait a minute' : 'The posts could not be loaded'}
      action={
        <Button onClick={onRetry} loading={retrying}>
          Try again
        </Button>
      }
    >
      <Text c="dimmed" role="alert">
        {rateLimited ? 'This link was opened many times in a short while. Wait a minute, then try again.' : message}
      </Text>
    </FullPageMessage>
  );
}

/** No post in the shared days (yet). */
export function EmptyReview({ company }: { company: string }) {
  return (
    <Paper withBorder radius="lg" p="xl" mt="lg">
      <Stack align="center" ta="center" gap="sm">
        <ThemeIcon size={48} radius="xl" variant="light" color="gray" aria-hidden="true">
          <IconCalendarOff size={26} />
        </ThemeIcon>
        <Title order={2} fz="lg">
          No posts in these days yet
        </Title>
        <Text c="dimmed" maw={380}>
          {company || 'The planner'} has not planned any posts here so far. Open this link again later to see them.
        </Text>
      </Stack>
    </Paper>
  );
}
