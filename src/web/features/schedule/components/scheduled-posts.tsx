import { Button, Group, Paper, Stack, Text, ThemeIcon, Title, UnstyledButton } from '@mantine/core';
import { useState } from 'react';
import { DeliveryBadge, DeliveryDetails } from '../../../components/delivery-status';
import { useMonthDeliveries } from '../../../lib/queries/deliveries';
import { IconClockHour9 } from '@tabler/icons-react';
import { dateOnly } from '@shared/domain/months';
import { PLATFORM_LABELS } from '@shared/domain/options';
import type { Post } from '@shared/schemas/post';
import type { DeliveryStatus } from '@shared/schemas/publishing';
import classes from './scheduled-posts.module.css';
import { weekdayAndDate } from '@shared/domain/day-words';

/** Scheduled posts in time order, grouped by day; each opens the editor. */
export function ScheduledPosts({ monthId, posts, onOpenPost }: { monthId: string; posts: Post[]; onOpenPost: (postId: string) => void }) {
  const deliveries = useMonthDeliveries(monthId);
  const statusOf = (postId: string) => deliveries.data?.find((delivery) => delivery.postId === postId)?.status;
  const scheduled = posts
    .filter((post) => post.status === 'scheduled')
    .sort((a, b) => `${dateOnly(a.date)} ${a.scheduledTime}`.localeCompare(`${dateOnly(b.date)} ${b.scheduledTime}`));
  const days = [...new Set(scheduled.map((post) => dateOnly(post.date)))];

  return (
    <Stack gap="md">
      <Title order={2} fz="xl">
        Scheduled Posts
      </Title>
      <Text size="sm" c="dimmed">
        Times are in your time zone. Each post is published at its time through the connection its network uses (Settings → Connections); you can also export
        the month (CSV or calendar) for another scheduling tool.
      </Text>
      {scheduled.length === 0 ? (
        <Paper withBorder p="xl">
          <Stack align="center" gap="xs" ta="center">
            <ThemeIcon size={48} radius="xl" variant="light">
              <IconClockHour9 size={26} aria-hidden="true" />
            </ThemeIcon>
            <Text fw={600}>No posts are scheduled for this month yet.</Text>
            <Text size="sm" c="dimmed" maw={420}>
              Open a post on the calendar and use its Schedule Posts section to pick a network and a time.
            </Text>
          </Stack>
        </Paper>
      ) : (
        days.map((day) => (
          <Stack key={day} gap={6} component="section" aria-label={weekdayAndDate(day)}>
            <Text fw={650} size="sm" c="dark.6">
              {weekdayAndDate(day)}
            </Text>
            {scheduled
              .filter((post) => dateOnly(post.date) === day)
              .map((post) => (
                <ScheduledRow key={post.id} post={post} status={statusOf(post.id)} onOpenPost={onOpenPost} />
              ))}
          </Stack>
        ))
      )}
    </Stack>
  );
}

function ScheduledRow({ post, status, onOpenPost }: { post: Post; status: DeliveryStatus | undefined; onOpenPost: (postId: string) => void }) {
  const [showLog, setShowLog] = useState(false);
  return (
    <Stack gap={4}>
      <UnstyledButton
        key={post.id}
        className={classes.row}
        onClick={() => onOpenPost(post.id)}
        aria-label={`Open scheduled post: ${PLATFORM_LABELS[post.scheduledPlatform ?? post.platform]} at ${post.scheduledTime}`}
      >
        <Group wrap="wrap" gap="md" align="flex-start">
          <Text fw={700} size="sm" w={48}>
            {post.scheduledTime}
          </Text>
          <Text size="sm" fw={600} w={96}>
            {PLATFORM_LABELS[post.scheduledPlatform ?? post.platform]}
          </Text>
          <Text size="sm" lineClamp={2} miw={160} style={{ flex: 1 }}>
            {post.content}
          </Text>
          {status && <DeliveryBadge status={status} />}
        </Group>
      </UnstyledButton>
      {status && (
        <Group gap="xs" pl="sm">
          <Button size="compact-xs" variant="default" onClick={() => setShowLog((shown) => !shown)} aria-expanded={showLog}>
            {showLog ? 'Hide delivery log' : 'Delivery log'}
          </Button>
        </Group>
      )}
      {showLog && (
        <Stack pl="sm">
          <DeliveryDetails postId={post.id} />
        </Stack>
      )}
    </Stack>
  );
}
