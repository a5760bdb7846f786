import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { ImageJob } from '@shared/schemas/images';
import type { Post } from '@shared/schemas/post';
import { ApiRequestError, errorMessage } from '../../../lib/api-error';
import { notify } from '../../../lib/notify';
import { fetchPost } from '../../../lib/posts/api/get-post';
import { syncPost } from '../../../lib/posts/cache';
import { useImageJob } from '../../../lib/images/api/image-job';
import { useKeepImage } from '../../../lib/images/api/keep-image';
import { useMakeImage } from '../../../lib/images/api/make-image';
import { failedJobProblem, imageProblem, isActive, suggestedTemplate, type ImageProblem } from '../../../lib/images/image-words';
import type { ImageChoice } from '../components/make-image/template-choice';

const problemOf = (error: unknown): ImageProblem => imageProblem(error instanceof ApiRequestError ? error.code : undefined, errorMessage(error));

/** The choice a job was made with. */
export const jobChoice = (job: Pick<ImageJob, 'mode' | 'template'>): ImageChoice => (job.mode === 'ai' ? 'ai' : (job.template ?? 'tip'));

/**
 * One 'Make image' session for a post: the chosen style, the job being made (followed every second),
 * and keeping it, which saves the post with the version the editor shows.
 */
export function useImageMaker(monthId: string, post: Post, onKept: () => void) {
  const queryClient = useQueryClient();
  const [choice, setChoice] = useState<ImageChoice>(suggestedTemplate(post.type));
  const [jobId, setJobId] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<ImageProblem | null>(null);
  const make = useMakeImage(post.id);
  const keep = useKeepImage(monthId);
  const followed = useImageJob(jobId);
  const job = jobId === null ? null : (followed.data ?? null);

  const start = async () => {
    setRefusal(null);
    try {
      const created = await make.mutateAsync(choice === 'ai' ? { mode: 'ai' } : { mode: 'template', template: choice });
      // The answer is the job's first state: shown at once, then asked again every second.
      queryClient.setQueryData(['image-job', created.id], created);
      setJobId(created.id);
    } catch (error) {
      setRefusal(problemOf(error));
    }
  };

  const keepShown = async () => {
    if (!job || job.status !== 'succeeded') return;
    setRefusal(null);
    try {
      await keep.mutateAsync({ postId: post.id, imageJobId: job.id, version: post.version });
      const count = job.files.length;
      notify({ tone: 'success', title: 'Image added', message: count > 1 ? `The ${count} slides are added to the post.` : 'The image is added to the post.' });
      onKept();
    } catch (error) {
      setRefusal(problemOf(error));
    }
  };

  const [reloading, setReloading] = useState(false);
  /** After a stale keep: the post read again (its new version reaches this hook through the month's cache), so Keep can be pressed again. */
  const reload = async () => {
    setReloading(true);
    try {
      await syncPost(queryClient, monthId, await fetchPost(post.id));
      setRefusal(null);
      notify({ tone: 'success', title: 'Latest version loaded', message: 'You can keep the image now.' });
    } catch (error) {
      setRefusal(problemOf(error));
    } finally {
      setReloading(false);
    }
  };

  // A job that could not be followed (signed out, gone) or that failed says so in words.
  const lost = followed.error && jobId !== null ? problemOf(followed.error) : null;
  const shownChoice = job ? jobChoice(job) : null;
  // Once another style is chosen, a failed one's words give way to making the new one.
  const failed = job?.status === 'failed' && shownChoice === choice ? failedJobProblem(job) : null;

  return {
    choice,
    setChoice: (next: ImageChoice) => {
      setChoice(next);
      setRefusal(null);
    },
    job,
    problem: refusal ?? lost ?? failed,
    starting: make.isPending,
    making: make.isPending || (job !== null && isActive(job)),
    keeping: keep.isPending,
    reloading,
    /** The shown image was made with the chosen style: the main button makes another of it. */
    sameChoice: shownChoice === choice && job?.status === 'succeeded',
    /** The shown job failed with the chosen style: the main button tries it again. */
    retrying: shownChoice === choice && job?.status === 'failed',
    canKeep: job?.status === 'succeeded' && job.files.length > 0,
    start: () => void start(),
    keep: () => void keepShown(),
    reload: () => void reload(),
    /** The problem's 'Choose a template' step: the template the post's type suggests. */
    useTemplate: () => {
      setChoice(suggestedTemplate(post.type));
      setRefusal(null);
    },
  };
}
