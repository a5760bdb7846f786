import { Button, Group, Modal, Text } from '@mantine/core';
import { useState } from 'react';

interface Props {
  count: number | null;
  monthLabel: string;
  onConfirm: () => void;
  onCancel: () => void;
}

/** The month already has posts: generating again replaces them (all but scheduled and published ones), so ask first. */
export function ReplacePostsModal({ count, monthLabel, onConfirm, onCancel }: Props) {
  // Keep the last count while the modal fades out.
  const [shown, setShown] = useState(count ?? 0);
  if (count !== null && count !== shown) setShown(count);
  const posts = `${shown} ${shown === 1 ? 'post' : 'posts'}`;
  return (
    <Modal
      opened={count !== null}
      onClose={onCancel}
      title={`Replace ${posts}?`}
      centered
      radius="md"
      closeButtonProps={{ 'aria-label': 'Close' }}
      styles={{ title: { fontWeight: 650, fontSize: 'var(--mantine-font-size-lg)' } }}
    >
      <Text size="sm">
        {monthLabel} already has {posts}. Generating again deletes {shown === 1 ? 'it' : 'them'}, including any edits you made, and writes a new month from this
        strategy. Posts that are scheduled or published stay.
      </Text>
      <Group justify="flex-end" gap="sm" mt="xl">
        <Button variant="default" onClick={onCancel}>
          Keep current posts
        </Button>
        <Button color="red.9" onClick={onConfirm} data-autofocus>
          Replace {posts}
        </Button>
      </Group>
    </Modal>
  );
}
