import type { GenerationDraft } from '@shared/schemas/generation';

/**
 * At most one draft write every this many ms: the first words are written at once, then the text
 * catches up a few times a second (each write is an UPDATE and a progress event every follower reads).
 */
export const DRAFT_INTERVAL_MS = 200;

interface Timer {
  setTimeout: (callback: () => void, ms: number) => unknown;
  clearTimeout: (handle: unknown) => void;
  now: () => number;
}

const realTimer: Timer = {
  setTimeout: (callback, ms) => setTimeout(callback, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
  now: () => performance.now(),
};

interface Deps {
  /** Stores the draft and announces the change. A failure is only logged: a draft is a preview. */
  write: (draft: GenerationDraft) => Promise<void>;
  onError: (error: unknown) => void;
  intervalMs?: number;
  timer?: Timer;
}

/**
 * Writes a job's first-post draft as the writer streams it, throttled: the newest text wins, never two
 * writes at once, none after `stop`.
 */
export function createDraftWriter({ write, onError, intervalMs = DRAFT_INTERVAL_MS, timer = realTimer }: Deps) {
  let pending: GenerationDraft | undefined;
  let lastAt = Number.NEGATIVE_INFINITY;
  let scheduled: unknown;
  let inFlight: Promise<void> | undefined;
  let stopped = false;
  let writes = 0;

  const flush = () => {
    scheduled = undefined;
    if (stopped || inFlight || !pending) return;
    const draft = pending;
    pending = undefined;
    lastAt = timer.now();
    writes++;
    inFlight = write(draft)
      .catch(onError)
      .finally(() => {
        inFlight = undefined;
        if (pending) plan();
      });
  };

  const plan = () => {
    if (stopped || inFlight || scheduled !== undefined) return;
    const wait = lastAt + intervalMs - timer.now();
    if (wait <= 0) flush();
    else scheduled = timer.setTimeout(flush, wait);
  };

  return {
    update(draft: GenerationDraft) {
      if (stopped) return;
      pending = draft;
      plan();
    },
    /** No more writes; resolves once a write under way has landed. */
    async stop(): Promise<void> {
      stopped = true;
      pending = undefined;
      if (scheduled !== undefined) timer.clearTimeout(scheduled);
      scheduled = undefined;
      await inFlight;
    },
    /** Writes made so far (for the log). */
    writes: () => writes,
  };
}
