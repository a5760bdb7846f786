import { EventEmitter } from 'node:events';
import type { GenerationDraft, GenerationJob, GenerationProgress } from '@shared/schemas/generation';
import type { Notifier } from '../../platform/notifier';
import type { LeaseRules } from './job-lease';
import { toJob, toJobState, type JobRepository } from './job-repository';

interface Deps {
  jobs: JobRepository;
  notifier: Notifier;
  rules: LeaseRules;
  now?: () => Date;
}

/**
 * A job's progress as it stands in the database, and the news that it changed, on whichever instance
 * runs it. The runner announces; the service reads and listens: neither calls the other for this.
 */
export function createJobProgress({ jobs, notifier, rules, now = () => new Date() }: Deps) {
  const events = new EventEmitter();
  events.setMaxListeners(0);
  notifier.listen('planner_job_progress', (jobId) => events.emit(jobId));

  return {
    /** The job with every post staged so far: read once, when a client opens or re-attaches. */
    async job(jobId: string): Promise<GenerationJob | undefined> {
      // Staged posts first, then the job: a job that ends in between (its staged posts deleted) reads
      // as ended, never as running with its posts gone. While it runs, posts are only ever added, so the
      // count taken from them only rises.
      const staged = await jobs.stagedPosts(jobId);
      const stored = await jobs.findById(jobId);
      if (!stored) return undefined;
      const row = rules.asOf(stored, now());
      if (row.status !== 'running') return toJob(row, []);
      return { ...toJob(row, staged), written: staged.length };
    },

    /** The job's counts and its latest post, read on every change: never the staged posts themselves. */
    async progress(jobId: string): Promise<GenerationProgress | undefined> {
      // In the same order as `job`, for the same reason.
      const staged = await jobs.stagedProgress(jobId);
      const stored = await jobs.findById(jobId);
      if (!stored) return undefined;
      const row = rules.asOf(stored, now());
      if (row.status !== 'running') return { ...toJobState(row), latest: null, draft: null };
      // The draft is the first post before it is complete: once one is written, that one is shown.
      const draft = staged.count === 0 && row.draft ? (JSON.parse(row.draft) as GenerationDraft) : null;
      return { ...toJobState(row), written: staged.count, latest: staged.latest, draft };
    },

    /** Tells every instance the job changed. */
    publish: (jobId: string) => notifier.publish('planner_job_progress', jobId),

    /** Calls `listener` whenever the job changed, on whichever instance runs it. */
    subscribe(jobId: string, listener: () => void): () => void {
      events.on(jobId, listener);
      return () => events.off(jobId, listener);
    },

    /** Live listeners of a job: progress streams still open on it. */
    listenerCount: (jobId: string) => events.listenerCount(jobId),
  };
}

export type JobProgress = ReturnType<typeof createJobProgress>;
