import { Group, Paper, Stack, Text, ThemeIcon, Title, UnstyledButton } from '@mantine/core';
import { IconClockHour9 } from '@tabler/icons-react';
import { dateOnly } from '@shared/domain/months';
import { PLATFORM_LABELS } from '@shared/domain/options';
import type { Post } from '@shared/schemas/post';
import classes from './scheduled-posts.module.css';

function dayHeading(day: string): string {
  return new Date(`${day}T12:00:00Z`).toLocaleDateString('en-US', { weekday: 'long', month: 'long', day: 'numeric', timeZone: 'UTC' });
}

/** Scheduled posts in time order, grouped by day; each opens the editor. */
export function ScheduledPosts({ posts, onOpenPost }: { posts: Post[]; onOpenPost: (postId: string) => void }) {
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
        Times are in your time zone. Publishing to the networks themselves is not connected: export the month (CSV or calendar) to hand it to your scheduling
        tool.
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
          <Stack key={day} gap={6} component="section" aria-label={dayHeading(day)}>
            <Text fw={650} size="sm" c="dark.6">
              {dayHeading(day)}
            </Text>
            {scheduled
              .filter((post) => dateOnly(post.date) === day)
              .map((post) => (
                <UnstyledButton
                  key={post.id}
                  className={classes.row}
                  onClick={() => onOpenPost(post.id)}
                  aria-label={`Open scheduled post: ${PLATFORM_LABELS[post.scheduledPlatform ?? post.platform]} at ${post.scheduledTime}`}
                >
                  <Group wrap="nowrap" gap="md" align="flex-start">
                    <Text fw={700} size="sm" w={48}>
                      {post.scheduledTime}
                    </Text>
                    <Text size="sm" fw={600} w={96}>
                      {PLATFORM_LABELS[post.scheduledPlatform ?? post.platform]}
                    </Text>
                    <Text size="sm" lineClamp={2} style={{ flex: 1 }}>
                      {post.content}
                    </Text>
                  </Group>
                </UnstyledButton>
              ))}
          </Stack>
        ))
      )}
    </Stack>
  );
}
