import { ActionIcon, Button, Group, Text, Tooltip } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import type { LibraryFile } from '@shared/schemas/media-library';
import { LibraryThumb } from '../../../components/library-thumb';
import { addedOn, fileName, usedByLabel } from '../../../lib/library/library-words';
import classes from './media-library.module.css';

interface LibraryCardProps {
  file: LibraryFile;
  deleting: boolean;
  onEdit: () => void;
  onDelete: () => void;
}

/** One file of the library: thumbnail, description, where it is used, and its two actions. */
export function LibraryCard({ file, deleting, onEdit, onDelete }: LibraryCardProps) {
  const name = fileName(file);
  return (
    <li className={classes.card} aria-label={name}>
      <LibraryThumb file={file} />
      <div className={classes.cardBody}>
        {file.altText.trim() ? (
          <Text size="sm" lineClamp={3} className={classes.description} title={file.altText}>
            {file.altText}
          </Text>
        ) : (
          <Text size="sm" c="dimmed" fs="italic" className={classes.description}>
            No description yet
          </Text>
        )}
        <Text size="xs" c="dimmed">
          {usedByLabel(file.usedBy)} · {addedOn(file.createdAt)}
        </Text>
        <Group gap={6} justify="space-between" wrap="nowrap" mt={4}>
          <Button
            variant="default"
            size="compact-sm"
            leftSection={<IconPencil size={14} aria-hidden="true" />}
            onClick={onEdit}
            aria-label={`Edit description: ${name}`}
          >
            Edit
          </Button>
          <Tooltip label="Delete file" withArrow openDelay={400}>
            <ActionIcon variant="subtle" color="red.8" onClick={onDelete} loading={deleting} aria-label={`Delete ${name}`}>
              <IconTrash size={16} aria-hidden="true" />
            </ActionIcon>
          </Tooltip>
        </Group>
      </div>
    </li>
  );
}
