import { Alert, Button, Group, Modal, Progress, Stack, Text } from '@mantine/core';
import { IconChecks, IconCircleCheckFilled } from '@tabler/icons-react';
import { useState } from 'react';
import type { ReviewPost } from '@shared/schemas/review';
import { posts as countPosts, progress } from '../format';
import classes from './review.module.css';

export interface ReviewBarProps {
  posts: ReviewPost[];
  closed: boolean;
  busy: boolean;
  onApproveRest: () => void;
  /** What "Approve the rest" did, or why it did not: shown where the reviewer pressed it. */
  note: { tone: 'info' | 'error'; text: string } | null;
  onDismissNote: () => void;
}

/** Always in reach at the bottom: how far the review is, and "Approve the rest" (after a confirmation). */
export function ReviewBar({ posts, closed, busy, onApproveRest, note, onDismissNote }: ReviewBarProps) {
  const [confirming, setConfirming] = useState(false);
  const { total, approved, changes, waiting } = progress(posts);
  const finished = waiting === 0;
  const detail = [changes > 0 && `${changes} with changes requested`, waiting > 0 && `${waiting} waiting`].filter(Boolean).join(' · ');
  return (
    <div className={classes.bar} role="region" aria-label="Review progress">
      {note && (
        <Alert
          className={classes.barNote}
          color={note.tone === 'error' ? 'red' : 'blue'}
          variant="light"
          p="xs"
          withCloseButton
          closeButtonLabel="Dismiss this message"
          onClose={onDismissNote}
          role={note.tone === 'error' ? 'alert' : undefined}
        >
          {note.text}
        </Alert>
      )}
      <div className={classes.barInner}>
        <Stack gap={6} className={classes.barProgress}>
          <Group gap={6} wrap="nowrap">
            {finished && <IconCircleCheckFilled size={18} color="var(--mantine-color-green-8)" aria-hidden="true" />}
            <Text fw={650} size="sm">
              {approved} of {total} approved
            </Text>
          </Group>
          <Progress.Root size="sm" aria-hidden="true">
            <Progress.Section value={(approved / total) * 100} color="green.8" />
            <Progress.Section value={(changes / total) * 100} color="yellow.6" />
          </Progress.Root>
          {detail && (
            <Text size="xs" c="dimmed">
              {detail}
            </Text>
          )}
        </Stack>
        {finished ? (
          <Text size="sm" fw={600} ta="right" className={classes.positive}>
            Review finished
          </Text>
        ) : (
          <Button leftSection={<IconChecks size={18} aria-hidden="true" />} onClick={() => setConfirming(true)} disabled={closed} loading={busy}>
            Approve the rest
          </Button>
        )}
      </div>
      <Modal opened={confirming} onClose={() => setConfirming(false)} title="Approve the rest?" centered closeButtonProps={{ 'aria-label': 'Close' }}>
        <Stack gap="md">
          <Text size="sm">
            This approves the {countPosts(waiting)} still waiting for your answer.
            {changes > 0 && ` The ${countPosts(changes)} you asked to change stay as they are.`} A post changed since you opened this page is left waiting, so
            you can look at it first.
          </Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setConfirming(false)}>
              Cancel
            </Button>
            <Button
              onClick={() => {
                setConfirming(false);
                onApproveRest();
              }}
            >
              Approve {countPosts(waiting)}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </div>
  );
}
