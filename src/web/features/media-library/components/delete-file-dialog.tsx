import { Alert, Button, Modal, Stack, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import type { LibraryFile } from '@shared/schemas/media-library';
import { fileName, inUseQuestion } from '../../../lib/library/library-words';
import classes from './media-library.module.css';

/** What the dialog asks: a plain deletion, or one that takes the file off `usedBy` posts too. */
export type DeleteQuestion = { file: LibraryFile; usedBy: number };

interface DeleteFileDialogProps {
  question: DeleteQuestion | null;
  deleting: boolean;
  problem: string | null;
  onConfirm: () => void;
  onClose: () => void;
  /** False once the file is gone: focus cannot go back to its Delete button. */
  returnFocus: boolean;
}

/** Asks before a file leaves the library; when posts show it, says how many lose it. */
export function DeleteFileDialog({ question, deleting, problem, onConfirm, onClose, returnFocus }: DeleteFileDialogProps) {
  const inUse = (question?.usedBy ?? 0) > 0;
  return (
    <Modal
      opened={question !== null}
      onClose={onClose}
      title={inUse ? 'Delete a file in use?' : 'Delete this file?'}
      centered
      closeButtonProps={{ 'aria-label': 'Close' }}
      returnFocus={returnFocus}
    >
      {question && (
        <Stack gap="md">
          <Text size="sm" fw={600}>
            {fileName(question.file)}
          </Text>
          <Text size="sm">{inUse ? inUseQuestion(question.usedBy) : 'It leaves your library for good. No post shows it.'}</Text>
          {problem && (
            <Alert color="red" variant="light" icon={<IconAlertCircle size={18} aria-hidden="true" />} role="alert">
              {problem}
            </Alert>
          )}
          <div className={classes.dialogActions}>
            <Button variant="default" onClick={onClose} data-autofocus>
              Cancel
            </Button>
            <Button color="red.8" onClick={onConfirm} loading={deleting}>
              {inUse ? 'Delete and remove from posts' : 'Delete file'}
            </Button>
          </div>
        </Stack>
      )}
    </Modal>
  );
}
