import { Button, Group, Modal, Text } from '@mantine/core';
import { useState } from 'react';

interface Props {
  /** The month's posts, and how many of them a regeneration keeps (scheduled or published); null: closed. */
  existing: { count: number; kept: number } | null;
  monthLabel: string;
  onConfirm: () => void;
  onCancel: () => void;
}

const posts = (count: number) => `${count} ${count === 1 ? 'post' : 'posts'}`;

/** The month already has posts: generating again replaces them (all but scheduled and published ones), so ask first. */
export function ReplacePostsModal({ existing, monthLabel, onConfirm, onCancel }: Props) {
  // Keep the last counts while the modal fades out.
  const [shown, setShown] = useState(existing ?? { count: 0, kept: 0 });
  if (existing !== null && (existing.count !== shown.count || existing.kept !== shown.kept)) setShown(existing);
  const replaced = shown.count - shown.kept;
  const title = replaced === 0 ? `Keep ${posts(shown.count)} and add more?` : `Replace ${posts(replaced)}?`;
  return (
    <Modal
      opened={existing !== null}
      onClose={onCancel}
      title={title}
      centered
      radius="md"
      closeButtonProps={{ 'aria-label': 'Close' }}
      styles={{ title: { fontWeight: 650, fontSize: 'var(--mantine-font-size-lg)' } }}
    >
      <Text size="sm">
        {monthLabel} already has {posts(shown.count)}.{' '}
        {shown.kept === 0 &&
          `Generating again deletes ${shown.count === 1 ? 'it' : 'them'}, including any edits you made, and writes a new month from this strategy. Posts that are scheduled or published stay.`}
        {shown.kept > 0 &&
          replaced > 0 &&
          `Generating again deletes ${posts(replaced)}, including any edits you made, and writes a new month from this strategy. ${shown.kept === 1 ? 'The post that is scheduled or published stays.' : `The ${shown.kept} that are scheduled or published stay.`}`}
        {replaced === 0 && `All of them are scheduled or published, so they stay; generating again adds a new month's posts beside them.`}
      </Text>
      <Group justify="flex-end" gap="sm" mt="xl">
        <Button variant="default" onClick={onCancel}>
          Keep current posts
        </Button>
        <Button color={replaced === 0 ? undefined : 'red.9'} onClick={onConfirm} data-autofocus>
          {replaced === 0 ? 'Generate anyway' : `Replace ${posts(replaced)}`}
        </Button>
      </Group>
    </Modal>
  );
}
