import { shortDay } from '@shared/domain/day-words';
import { PLATFORM_LABELS, type PostType } from '@shared/domain/options';
import type { ErrorCode } from '@shared/schemas/error-codes';
import type { ImageBatch, ImageJob, ImageTemplate } from '@shared/schemas/images';
import type { Post } from '@shared/schemas/post';

/** Posts whose media is a picture: images, carousels, and a video's cover. Text posts make no image. */
export const takesMadeImage = (type: PostType): boolean => type !== 'text';

/** The template a post's type suggests first: a carousel gets numbered slides, everything else a tip card. */
export const suggestedTemplate = (type: PostType): ImageTemplate => (type === 'carousel' ? 'carousel' : 'tip');

/** A job that is still being made, so its answer is asked again. */
export const isActive = (job: Pick<ImageJob, 'status'>): boolean => job.status === 'queued' || job.status === 'running';

/** What a running or finished job shows while the modal waits on it. */
export function jobStatusWords(job: Pick<ImageJob, 'status' | 'mode'>): string {
  const what = job.mode === 'ai' ? 'Generating the image' : 'Making the image';
  if (job.status === 'queued') return `${what}: waiting for its turn...`;
  if (job.status === 'running') return job.mode === 'ai' ? `${what}: the image model is drawing it...` : `${what} from the template...`;
  if (job.status === 'succeeded') return 'The image is ready.';
  return 'The image could not be made.';
}

export interface ImageProblem {
  title: string;
  message: string;
  /** A next step the modal offers as a button: read the post again, or switch to a template. */
  next?: 'reload' | 'template';
}

const WORDS: Partial<Record<ErrorCode, ImageProblem>> = {
  image_limit_reached: {
    title: 'Daily image limit reached',
    message: 'You have made all the images allowed for today. Try again after midnight UTC, or upload an image of your own.',
  },
  ai_limit_reached: {
    title: 'Daily AI limit reached',
    message: 'Your AI requests for today are used up. Choose a template instead (they need no AI), or try again after midnight UTC.',
    next: 'template',
  },
  image_model_unavailable: {
    title: 'No image model',
    message: 'This server has no image model, so images cannot be generated. Choose a template instead.',
    next: 'template',
  },
  archived: { title: 'This month is archived', message: 'Archived months are read-only, so no image can be added.' },
  stale_version: {
    title: 'The post changed elsewhere',
    message: 'This post was changed in another tab or window. Reload the post, then keep the image again.',
    next: 'reload',
  },
  not_found: {
    title: 'Not found',
    message: 'This post or its image no longer exists; it may have been deleted in another tab. Close this window and reload the month.',
  },
  rate_limited: { title: 'Too many requests', message: 'Wait a moment, then try again.' },
  unavailable: { title: 'Cannot reach the server', message: 'Check your connection and try again.' },
};

/** An API refusal in words saying what to do next, chosen by its code (never its message). */
export function imageProblem(code: ErrorCode | undefined, fallback: string): ImageProblem {
  return (code && WORDS[code]) ?? { title: 'Could not make the image', message: fallback || 'Something went wrong. Please try again.' };
}

/** A failed job's own error, in the server's words (which say what to do); a next step only when it gave none. */
export function failedJobProblem(job: Pick<ImageJob, 'error' | 'mode'>): ImageProblem {
  const next = job.mode === 'ai' ? 'Try again, or choose a template instead.' : 'Try again, or choose another template.';
  return {
    title: 'The image could not be made',
    message: job.error ?? `Something went wrong. ${next}`,
    ...(job.mode === 'ai' ? { next: 'template' as const } : {}),
  };
}

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

/** 'Making images: 3 of 8', then 'Images made: 8 of 8' or 'Images made: 6 of 8, 2 failed'; null when the month asked for none. */
export function batchProgressWords(batch: Pick<ImageBatch, 'planned' | 'made' | 'failed'>, active: boolean): string | null {
  if (batch.planned === 0) return null;
  if (active) return `Making images: ${batch.made} of ${batch.planned}`;
  const failed = batch.failed > 0 ? `, ${batch.failed} failed` : '';
  return `Images made: ${batch.made} of ${batch.planned}${failed}`;
}

/** The batch's share done (made or failed), 0-100, for its progress bar. */
export const batchPercent = (batch: Pick<ImageBatch, 'planned' | 'made' | 'failed'>): number =>
  batch.planned === 0 ? 100 : Math.min(100, Math.round(((batch.made + batch.failed) / batch.planned) * 100));

/** Whether any of the batch's images is still being made. */
export const batchActive = (batch: Pick<ImageBatch, 'jobs'>): boolean => batch.jobs.some(isActive);

/** How many images are left today, in words: 'You can make 12 more images today.' */
export function remainingWords(capabilities: { perDay: number; madeToday: number }): string {
  const left = Math.max(0, capabilities.perDay - capabilities.madeToday);
  if (left === 0) return 'You have made all the images allowed for today. More after midnight UTC.';
  return `You can make ${plural(left, 'more image')} today.`;
}

/** Each failed image of a batch in words: 'Instagram post on Tue, Dec 8: the model timed out.' (a deleted post by its failure alone). */
export function batchFailures(
  batch: Pick<ImageBatch, 'jobs'>,
  posts: Pick<Post, 'id' | 'platform' | 'date'>[],
): { id: string; postId: string | null; text: string }[] {
  return batch.jobs
    .filter((job) => job.status === 'failed')
    .map((job) => {
      const post = posts.find((candidate) => candidate.id === job.postId);
      const reason = job.error ?? 'it could not be made';
      const text = post
        ? `${PLATFORM_LABELS[post.platform]} post on ${shortDay(post.date.slice(0, 10))}: ${reason}`
        : `A post no longer in the month: ${reason}`;
      return { id: job.id, postId: post ? post.id : null, text };
    });
}
