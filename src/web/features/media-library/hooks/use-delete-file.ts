import { useState } from 'react';
import type { LibraryFile } from '@shared/schemas/media-library';
import { useDeleteLibraryFile } from '../../../lib/library/library-api';
import { deleteFailure, fileName, inUseCount } from '../../../lib/library/library-words';
import { notify } from '../../../lib/notify';
import type { DeleteQuestion } from '../components/delete-file-dialog';

/**
 * Deleting a library file. A file no post shows is asked about first, then deleted; for one in use the
 * server answers 409 media_in_use with how many posts show it, and that answer becomes the question
 * (the server's count, not the list's, which may be older); confirming deletes it with confirm=true.
 */
export function useDeleteFile() {
  const remove = useDeleteLibraryFile();
  const [question, setQuestion] = useState<DeleteQuestion | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [asking, setAsking] = useState<string | null>(null);
  // Set when a deletion went through: its card (and the button focus would return to) is gone.
  const [deleted, setDeleted] = useState(0);
  const [gone, setGone] = useState(false);

  const send = async (file: LibraryFile, confirm: boolean) => {
    setProblem(null);
    try {
      await remove.mutateAsync({ file, confirm });
      setDeleted((count) => count + 1);
      setGone(true);
      setQuestion(null);
      notify({
        tone: 'success',
        title: 'File deleted',
        message: confirm ? `"${fileName(file)}" is deleted and removed from its posts.` : `"${fileName(file)}" is deleted.`,
      });
    } catch (error) {
      const usedBy = inUseCount(error);
      if (usedBy !== null) setQuestion({ file, usedBy });
      else if (question) setProblem(deleteFailure(error));
      else notify({ tone: 'error', title: 'Could not delete the file', message: deleteFailure(error) });
    }
  };

  /** The Delete button of a file. */
  const start = async (file: LibraryFile) => {
    setProblem(null);
    setGone(false);
    if (file.usedBy === 0) {
      setQuestion({ file, usedBy: 0 });
      return;
    }
    setAsking(file.fileId);
    try {
      await send(file, false);
    } finally {
      setAsking(null);
    }
  };

  return {
    question,
    problem,
    /** The file whose Delete is waiting for the server's answer. */
    asking,
    deleting: remove.isPending,
    /** Grows with each deletion that went through. */
    deleted,
    /** The last file asked about is deleted. */
    gone,
    start: (file: LibraryFile) => void start(file),
    confirm: () => {
      if (question) void send(question.file, question.usedBy > 0);
    },
    close: () => {
      setQuestion(null);
      setProblem(null);
    },
  };
}
