import type { Channel, Notifier } from '../../platform/notifier';
import type { Logger } from '../../platform/logger';

/** Calls `fire` once the injected clock reaches `at`; answers the function that cancels it. */
export type Timer = (at: Date, fire: () => void) => () => void;

/** The real timer, measuring the wait on the injected clock. */
export function realTimer(now: () => Date): Timer {
  return (at, fire) => {
    const handle = setTimeout(fire, Math.max(0, at.getTime() - now().getTime()));
    handle.unref();
    return () => clearTimeout(handle);
  };
}

/** With nothing due, a worker still looks this often (a notification lost while the listening connection was down). */
export const IDLE_WAKE_MS = 30_000;
/** After a turn that failed (the database away), the next one waits this long. */
const AFTER_FAILURE_MS = 2_000;

interface LoopDeps {
  /** One worker turn: everything due now claimed and its sending started (sends may outlast the turn). */
  turn: () => Promise<unknown>;
  /** When there is next something to do (ISO), undefined when nothing waits. */
  nextWake: () => Promise<string | undefined>;
  notifier: Notifier;
  timer: Timer;
  now: () => Date;
  log: Logger;
  /** What wakes it ('planner_deliveries' by default; the mail outbox listens on 'planner_mail'). */
  channel?: Channel;
  /** The log event of a failed turn. */
  failureEvent?: string;
}

/**
 * Runs worker turns when there is something to do instead of on a fixed beat: after each turn the timer
 * is set to the earliest waiting attempt or lease (at most IDLE_WAKE_MS ahead), and a delivery scheduled,
 * re-timed or retried anywhere ('planner_deliveries': NOTIFY on PostgreSQL, sent when its transaction
 * commits; an event in this process on SQLite) brings the timer forward. One turn at a time; a wake-up
 * while one runs is not lost, the timer is set again after it.
 */
export function createWorkerLoop({
  turn,
  nextWake,
  notifier,
  timer,
  now,
  log,
  channel = 'planner_deliveries',
  failureEvent = 'publish.tick_failed',
}: LoopDeps) {
  let cancel: (() => void) | undefined;
  let armedAt: number | undefined;
  let running: Promise<void> | undefined;
  let hinted: number | undefined;
  let stopped = true;
  let unlisten: (() => void) | undefined;

  function arm(at: number) {
    if (stopped) return;
    cancel?.();
    armedAt = at;
    cancel = timer(new Date(at), () => {
      cancel = undefined;
      armedAt = undefined;
      void run();
    });
  }

  /** Wakes by `at` at the latest. */
  function wakeBy(at: number) {
    if (running) hinted = Math.min(hinted ?? at, at);
    else if (armedAt === undefined || at < armedAt) arm(at);
  }

  function run(): Promise<void> {
    if (stopped || running) return running ?? Promise.resolve();
    cancel?.();
    armedAt = undefined;
    running = (async () => {
      let next: number;
      try {
        await turn();
        const wake = await nextWake();
        next = Math.min(wake ? Date.parse(wake) : Infinity, now().getTime() + IDLE_WAKE_MS);
      } catch (error) {
        log.error({ event: failureEvent, err: (error as Error).message }, 'worker turn failed');
        next = now().getTime() + AFTER_FAILURE_MS;
      }
      running = undefined;
      arm(next);
      if (hinted !== undefined) wakeBy(hinted);
      hinted = undefined;
    })();
    return running;
  }

  return {
    /** Starts with a turn now (what came due while no worker ran), then wakes as above. */
    start() {
      if (!stopped) return;
      stopped = false;
      unlisten = notifier.listen(channel, (payload) => {
        const at = Date.parse(payload);
        if (!Number.isNaN(at)) wakeBy(at);
      });
      void run();
    },
    /** Stops waking; a turn under way finishes (it records what it sent). */
    async stop() {
      stopped = true;
      unlisten?.();
      cancel?.();
      cancel = undefined;
      armedAt = undefined;
      await running;
    },
    /** When the next turn is set for (undefined while one runs or when stopped). */
    wakeAt: (): Date | undefined => (armedAt === undefined ? undefined : new Date(armedAt)),
  };
}
