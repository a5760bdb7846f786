import { Alert, CloseButton, Group, List, Loader, Progress, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { IconAlertTriangle, IconPhotoCheck } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import type { Post } from '@shared/schemas/post';
import { refreshMonth } from '../../../lib/posts/cache';
import { useMonthImages } from '../../../lib/images/api/month-images';
import { useIdle } from '../../../lib/when-idle';
import { batchActive, batchFailures, batchPercent, batchProgressWords } from '../../../lib/images/image-words';

interface Props {
  monthId: string;
  posts: Post[];
}

/**
 * The images a generation makes for its visual posts, while they are made: 'Making images: 3 of 8' with
 * a bar, the month's posts read again as each lands, then the outcome with any failures in words
 * (until dismissed). A batch that ended before this page opened shows nothing.
 */
export function MonthImagesProgress({ monthId, posts }: Props) {
  const queryClient = useQueryClient();
  // Read once the page is idle: started on mount, its fetch would run in the task that commits the calendar.
  const images = useMonthImages(monthId, useIdle());
  const batch = images.data;
  const active = batch ? batchActive(batch) : false;
  const [seenActive, setSeenActive] = useState<string | null>(null);
  const [openedAt] = useState(() => new Date().toISOString());
  const [dismissed, setDismissed] = useState<string | null>(null);
  if (batch?.batchId && active && seenActive !== batch.batchId) setSeenActive(batch.batchId);

  // Each image that lands (or the batch's end) shows on the calendar and in the editor.
  const landed = batch ? `${batch.batchId}:${batch.made}:${batch.failed}` : null;
  const previous = useRef(landed);
  useEffect(() => {
    if (previous.current !== null && landed !== previous.current) void refreshMonth(queryClient, monthId);
    previous.current = landed;
  }, [landed, monthId, queryClient]);

  if (!batch?.batchId || batch.planned === 0) return null;
  // A batch that ended while this page was open (however quickly) shows its outcome; an older one does not.
  const endedHere = seenActive === batch.batchId || batch.jobs.some((job) => job.finishedAt !== null && job.finishedAt >= openedAt);
  if (!active && (!endedHere || dismissed === batch.batchId)) return null;
  const words = batchProgressWords(batch, active);
  const failures = batchFailures(batch, posts);
  const color = failures.length > 0 ? 'yellow' : active ? 'blue' : 'green';

  return (
    <Alert
      color={color}
      variant="light"
      mb="lg"
      icon={
        active ? (
          <Loader size={16} aria-hidden="true" />
        ) : failures.length > 0 ? (
          <IconAlertTriangle size={18} aria-hidden="true" />
        ) : (
          <IconPhotoCheck size={18} aria-hidden="true" />
        )
      }
      aria-labelledby="month-images-title"
      data-testid="month-images-progress"
    >
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          {/* Announced as it changes: 'Making images: 4 of 8'. */}
          <Text id="month-images-title" fw={700} size="sm" role="status" aria-live="polite">
            {words}
          </Text>
          {!active && <CloseButton size="sm" aria-label="Dismiss image progress" onClick={() => setDismissed(batch.batchId)} />}
        </Group>
        <Progress value={batchPercent(batch)} size="sm" color={`${color}.8`} aria-label="Images made" animated={active} />
        <Text size="sm">
          {active
            ? 'Each image and carousel post gets an image from your brand templates. They appear on the posts as they are made.'
            : failures.length > 0
              ? 'Open a post to make its image again, or upload one of your own.'
              : 'Every visual post has its image. Open a post to see it, or make another.'}
        </Text>
        {failures.length > 0 && (
          <List size="sm" spacing={2} aria-label="Images not made">
            {failures.map((failure) => (
              <List.Item key={failure.id}>{failure.text}</List.Item>
            ))}
          </List>
        )}
      </Stack>
    </Alert>
  );
}
