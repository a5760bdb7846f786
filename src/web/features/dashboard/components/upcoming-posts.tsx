import { Anchor, Group, Paper, Skeleton, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { IconCalendarPlus } from '@tabler/icons-react';
import { Link } from 'react-router';
import { PLATFORM_LABELS } from '@shared/domain/options';
import type { Post } from '@shared/schemas/post';
import { paths } from '../../../lib/paths';
import classes from './dashboard.module.css';
import { shortDay } from '@shared/domain/day-words';

function dayLabel(date: string, today: string): string {
  const day = date.slice(0, 10);
  if (day === today) return 'Today';
  return shortDay(day);
}

export function UpcomingPosts({ posts, today, loading }: { posts: Post[]; today: string; loading: boolean }) {
  return (
    <Paper withBorder p="lg" component="section" aria-labelledby="upcoming-heading">
      <Title order={2} fz="md" id="upcoming-heading" mb="md">
        Next 7 days
      </Title>
      {loading && (
        <Stack gap="xs">
          {[0, 1, 2].map((key) => (
            <Skeleton key={key} height={44} />
          ))}
        </Stack>
      )}
      {!loading && posts.length === 0 && (
        <Stack align="flex-start" gap={6}>
          <Group gap="xs">
            <IconCalendarPlus size={20} aria-hidden="true" color="var(--mantine-color-brand-8)" />
            <Text fw={500}>Nothing planned for the coming week.</Text>
          </Group>
          <Text size="sm" c="dimmed">
            Open a month in your workspace to generate or add posts.
          </Text>
          <Anchor component={Link} to={paths.workspace} size="sm">
            Go to Workspace
          </Anchor>
        </Stack>
      )}
      {!loading && posts.length > 0 && (
        <Stack gap={6}>
          {posts.map((post) => (
            <UnstyledButton key={post.id} component={Link} to={paths.month(post.monthId, { tab: 'calendar' })} className={classes.row}>
              <Text size="sm" fw={600} w={96} className={classes.day}>
                {dayLabel(post.date, today)}
              </Text>
              <Text size="sm" c="dimmed" w={86}>
                {PLATFORM_LABELS[post.platform]}
              </Text>
              <Text size="sm" lineClamp={1} style={{ flex: 1 }}>
                {post.content}
              </Text>
            </UnstyledButton>
          ))}
        </Stack>
      )}
    </Paper>
  );
}
