import { Alert, Group, Stack, Text, Title } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useState } from 'react';
import type { MonthDetail } from '@shared/schemas/month';
import { longDate, MonthCalendar } from '../features/calendar/components/month-calendar';
import { AddPostModal } from '../features/new-post/components/add-post-modal';
import { useMonthDeliveries } from '../lib/queries/deliveries';
import { useMovePost } from './use-move-post';
import { useOpenPost } from './use-open-post';

/** The Calendar tab: the month grid (posts open in the editor via the URL) and the add-post modal. */
export function CalendarTab({ month }: { month: MonthDetail }) {
  const [addDate, setAddDate] = useState<string | null>(null);
  const movePost = useMovePost(month);
  const openPost = useOpenPost();
  const deliveries = useMonthDeliveries(month.id);

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <Title order={2} fz="xl">
          Content Calendar
        </Title>
        {!month.archived && month.posts.length > 0 && (
          <Text size="sm" c="dimmed">
            Drag a post to move it to another day.
          </Text>
        )}
      </Group>
      {month.archived && (
        <Alert color="gray" variant="light" icon={<IconLock size={18} />}>
          This month is archived. Content cannot be modified.
        </Alert>
      )}
      <MonthCalendar
        month={month}
        posts={month.posts}
        today={month.today}
        archived={month.archived}
        onOpenPost={openPost}
        onAddPost={setAddDate}
        onMovePost={(postId, date) => movePost(postId, date)}
        deliveryStatusOf={(postId) => deliveries.data?.find((delivery) => delivery.postId === postId)?.status}
      />
      <AddPostModal
        monthId={month.id}
        date={addDate}
        dateLabel={addDate ? longDate(addDate) : ''}
        onClose={() => setAddDate(null)}
        onCreated={(postId) => openPost(postId)}
      />
    </Stack>
  );
}
