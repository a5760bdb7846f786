import { notify } from '../../../lib/notify';
import { useRef, useState } from 'react';
import { MEDIA_MAX_BYTES, MEDIA_MIME_TYPES, POST_LIMITS, type Post } from '@shared/schemas/post';
import { errorMessage } from '../../../lib/api-error';
import { useDeleteMedia } from '../../../lib/posts/api/delete-media';
import { useUploadMedia } from '../../../lib/posts/api/upload-media';
import { megabytes } from '../format';

interface PendingUpload {
  id: number;
  name: string;
  status: 'waiting' | 'uploading';
}

interface UploadProblem {
  id: number;
  message: string;
}

/** Checked before sending, so an obviously wrong file never travels; the server checks the bytes again. */
export function checkMediaFile(file: File): string | null {
  if (!(MEDIA_MIME_TYPES as readonly string[]).includes(file.type)) {
    return `"${file.name}" is not a supported file type. Use a JPG, PNG or GIF image or an MP4 video.`;
  }
  if (file.size > MEDIA_MAX_BYTES) return `"${file.name}" is too large (${megabytes(file.size)}). Files can be up to 10MB.`;
  return null;
}

/** Uploads picked files one request each, in order, and removes stored ones; problems are kept for display. */
export function useMediaUploads(monthId: string, post: Post) {
  const upload = useUploadMedia(monthId);
  const remove = useDeleteMedia(monthId);
  const [pending, setPending] = useState<PendingUpload[]>([]);
  const [problems, setProblems] = useState<UploadProblem[]>([]);
  const [removingUrl, setRemovingUrl] = useState<string | null>(null);
  const nextId = useRef(0);

  const setStatus = (id: number, status: PendingUpload['status'] | null) =>
    setPending((items) => (status === null ? items.filter((item) => item.id !== id) : items.map((item) => (item.id === id ? { ...item, status } : item))));

  async function add(files: File[]): Promise<void> {
    let room = POST_LIMITS.media - post.media.length - pending.length;
    const accepted: { id: number; file: File }[] = [];
    const refused: UploadProblem[] = [];
    for (const file of files) {
      const id = (nextId.current += 1);
      const problem =
        checkMediaFile(file) ?? (room <= 0 ? `"${file.name}" was not added: a post can have at most ${POST_LIMITS.media} images or videos.` : null);
      if (problem) refused.push({ id, message: problem });
      else {
        accepted.push({ id, file });
        room -= 1;
      }
    }
    setProblems(refused);
    setPending((items) => [...items, ...accepted.map(({ id, file }) => ({ id, name: file.name, status: 'waiting' as const }))]);
    for (const { id, file } of accepted) {
      setStatus(id, 'uploading');
      try {
        await upload.mutateAsync({ postId: post.id, file });
        notify({ tone: 'success', title: 'Media uploaded', message: `"${file.name}" is added to the post.` });
      } catch (error) {
        const message = errorMessage(error);
        setProblems((items) => [...items, { id, message }]);
        notify({ tone: 'error', title: `Could not upload "${file.name}"`, message });
      } finally {
        setStatus(id, null);
      }
    }
  }

  async function removeItem(url: string, label: string): Promise<void> {
    setRemovingUrl(url);
    try {
      await remove.mutateAsync({ postId: post.id, url });
      notify({ tone: 'success', title: 'Media removed', message: `${label} is removed from the post.` });
    } catch (error) {
      notify({ tone: 'error', title: 'Could not remove the media', message: errorMessage(error) });
    } finally {
      setRemovingUrl(null);
    }
  }

  return {
    pending,
    problems,
    removingUrl,
    add,
    removeItem,
    dismissProblems: () => setProblems([]),
  };
}
