import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { GenerationJob, GenerationJobState } from '@shared/schemas/generation';
import type { MonthDetail } from '@shared/schemas/month';
import type { Strategy } from '@shared/schemas/strategy';
import { ApiRequestError, errorMessage } from '../../../lib/api-error';
import { progressOfJob } from '../api/generation-job';
import { fetchLatestJob, useLatestJob } from '../api/latest-job';
import { useRetryUnwritten } from '../api/retry-unwritten';
import { useStartGeneration } from '../api/start-generation';
import { notify } from '../../../lib/notify';
import { postsAdded } from '../../../lib/posts/cache';
import { awaitImageBatch } from '../../../lib/images/api/month-images';
import { useGenerationJob } from './use-generation-job';

/** A job that ends faster than this keeps the overlay up until then, so it never just flashes. */
export const MIN_OVERLAY_MS = 1200;

interface GenerationFailure {
  title: string;
  message: string;
  /** The strategy 'Try again' restarts with; null when retrying as-is cannot help (invalid input). */
  retry: Strategy | null;
}

interface Options {
  month: Pick<MonthDetail, 'id' | 'name' | 'year' | 'postCount' | 'keptPostCount'>;
  /** Called after a successful generation, once the month is re-read: switch to the Calendar tab. */
  onGenerated: () => void;
  /** Field problems from a 400, keyed by form path (e.g. 'keyThemes'). */
  onFieldErrors: (fields: Record<string, string>) => void;
  /** The form's strategy when valid: what 'Try again' uses for a job this page did not start (re-attached). */
  currentStrategy: () => Strategy | null;
}

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The counts the server's `month_has_posts` refusal carries; else the counts we know. */
function existingPosts(error: ApiRequestError, month: Options['month']): { count: number; kept: number } {
  const { postCount, keptPostCount } = error.details ?? {};
  return {
    count: typeof postCount === 'number' ? postCount : month.postCount,
    kept: typeof keptPostCount === 'number' ? keptPostCount : month.keptPostCount,
  };
}

/** Start, confirm replacing, follow, finish: the Generate tab's whole life cycle. */
export function useGenerationFlow({ month, onGenerated, onFieldErrors, currentStrategy }: Options) {
  const queryClient = useQueryClient();
  const start = useStartGeneration();
  const retryUnwritten = useRetryUnwritten();
  const latest = useLatestJob(month.id);
  const [overlayOpen, setOverlayOpen] = useState(false);
  const [confirm, setConfirm] = useState<{ count: number; kept: number; strategy: Strategy; makeImages: boolean } | null>(null);
  const [failure, setFailure] = useState<GenerationFailure | null>(null);
  /** The job this page saw finish; the month's latest one from the server until then. */
  const [finished, setFinished] = useState<GenerationJobState | null>(null);
  const lastStrategy = useRef<Strategy | null>(null);
  const lastMakeImages = useRef(false);
  const openedAt = useRef(0);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const settle = async (job: GenerationJobState) => {
    await wait(Math.max(0, MIN_OVERLAY_MS - (Date.now() - openedAt.current)));
    if (job.status === 'succeeded') {
      // Re-read the month before showing the calendar, so it opens with the new posts: the one read of
      // the written posts, as progress carried only the latest.
      await postsAdded(queryClient, month.id);
      const skipped = job.problems.length > 0 ? ` ${plural(job.problems.length, 'post')} could not be written: write them from the Generate tab.` : '';
      const shortened = job.shortened.length > 0 ? ` ${plural(job.shortened.length, 'post')} shortened to fit the platform.` : '';
      const kept = job.kept > 0 ? ` Kept ${plural(job.kept, 'post')} scheduled or published, or added or changed while this month was being written.` : '';
      notify({
        tone: job.problems.length > 0 ? 'warning' : 'success',
        title: `${month.name} ${month.year} is ready`,
        message: `${plural(job.written, 'post')} written.${shortened}${skipped}${kept}`,
        // Kept posts sit beside the new ones: the user should read why before the note goes.
        persistent: job.kept > 0 || job.problems.length > 0,
      });
      setFinished(job);
      // The images follow the posts: the month's progress shows them (the calendar's tab is opened next).
      if (job.makeImages) void awaitImageBatch(queryClient, month.id, job.createdAt);
      if (!mounted.current) return;
      setOverlayOpen(false);
      onGenerated();
      return;
    }
    const message = job.error ?? 'Writing the month failed. Nothing was changed; please try again.';
    setOverlayOpen(false);
    setFailure({ title: 'Generation failed', message, retry: lastStrategy.current ?? currentStrategy() });
    notify({ tone: 'error', title: 'Generation failed', message });
  };

  const tracker = useGenerationJob({
    onSettled: (job) => void settle(job),
    onLost: (message) => {
      setOverlayOpen(false);
      setFailure({ title: 'Lost track of the generation', message, retry: lastStrategy.current ?? currentStrategy() });
      notify({ tone: 'error', title: 'Lost track of the generation', message });
    },
  });
  const { follow } = tracker;

  const attach = useCallback(
    (job: GenerationJob) => {
      openedAt.current = Date.now();
      setFailure(null);
      setOverlayOpen(true);
      follow(progressOfJob(job));
    },
    [follow],
  );

  // A reload (or another tab) while a job runs: pick it up again.
  const attached = useRef(false);
  const latestJob = latest.data;
  useEffect(() => {
    if (attached.current || latestJob?.status !== 'running') return;
    attached.current = true;
    attach(latestJob);
  }, [latestJob, attach]);

  const run = async (strategy: Strategy, makeImages: boolean, replaceExisting = false) => {
    lastStrategy.current = strategy;
    lastMakeImages.current = makeImages;
    setFailure(null);
    setConfirm(null);
    try {
      attach(await start.mutateAsync({ monthId: month.id, strategy, replaceExisting, makeImages }));
      attached.current = true;
    } catch (error) {
      if (error instanceof ApiRequestError && error.code === 'generation_running') {
        const running = await fetchLatestJob(month.id).catch(() => null);
        if (running?.status === 'running') return attach(running);
      }
      if (error instanceof ApiRequestError && error.code === 'month_has_posts') {
        setConfirm({ ...existingPosts(error, month), strategy, makeImages });
        return;
      }
      const invalid = error instanceof ApiRequestError && error.status === 400;
      if (invalid && error.fields) onFieldErrors(error.fields);
      // Asking again cannot help with an invalid strategy or an archived month.
      const hopeless = invalid || (error instanceof ApiRequestError && error.code === 'archived');
      const message = errorMessage(error);
      setFailure({ title: invalid ? 'Check the strategy' : 'Could not start generating', message, retry: hopeless ? null : strategy });
      if (!invalid) notify({ tone: 'error', title: 'Could not start generating', message });
    }
  };

  const writeMissing = async (jobId: string) => {
    setFailure(null);
    try {
      attach(await retryUnwritten.mutateAsync(jobId));
      attached.current = true;
    } catch (error) {
      const message = errorMessage(error);
      setFailure({ title: 'Could not write the missing posts', message, retry: null });
      notify({ tone: 'error', title: 'Could not write the missing posts', message });
    }
  };
  const lastFinished = finished ?? (latestJob?.status === 'succeeded' ? latestJob : null);

  return {
    job: tracker.job,
    /** The last successful generation, for its summary (planned, written, shortened, kept, not written). */
    lastFinished,
    writeMissing: () => lastFinished && void writeMissing(lastFinished.id),
    reconnecting: tracker.reconnecting,
    overlayOpen,
    busy: start.isPending || retryUnwritten.isPending || overlayOpen,
    /** The writer of the month's last job, known before a new start. */
    lastWriter: tracker.job?.writer ?? latestJob?.writer ?? null,
    confirm,
    failure,
    /** The month's last job made images: the switch starts where the user left it. */
    lastMakeImages: latestJob?.makeImages ?? false,
    generate: (strategy: Strategy, makeImages: boolean) => void run(strategy, makeImages),
    confirmReplace: () => confirm && void run(confirm.strategy, confirm.makeImages, true),
    cancelReplace: () => setConfirm(null),
    retry: () => failure?.retry && void run(failure.retry, lastMakeImages.current),
    dismissFailure: () => setFailure(null),
  };
}
