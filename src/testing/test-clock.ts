/**
 * A clock tests move by hand: the server reads it wherever it needs "now" (services, runner, jobs), so
 * hours pass without sleeping. With `tickMs` each reading is that much after the one before, as on a
 * real clock, so two writes are never stamped with the same instant.
 */
export interface TestClock {
  now: () => Date;
  /** Moves the clock to an instant. */
  set: (at: Date | string) => void;
  advance: (ms: number) => void;
  /**
   * Moves the clock to `at` the first time it is read while `condition` holds: "midnight passes while
   * the model is writing" happens exactly then, with no sleep and no race against a timer.
   */
  setWhen: (condition: () => boolean, at: Date | string) => void;
  /**
   * A timer on this clock (the publishing worker's `Timer`): `fire` runs once the clock is set or
   * advanced to `at` or beyond (at once if it is there already). Answers the function that cancels it.
   */
  timer: (at: Date, fire: () => void) => () => void;
}

function instant(at: Date | string): number {
  const ms = new Date(at).getTime();
  if (Number.isNaN(ms)) throw new RangeError(`Not an instant: ${String(at)}`);
  return ms;
}

export function createTestClock(start: Date | string = new Date(), { tickMs = 0 }: { tickMs?: number } = {}): TestClock {
  let current = instant(start);
  let pending: { condition: () => boolean; at: number } | undefined;
  const timers = new Set<{ at: number; fire: () => void }>();
  /** Fires the timers the clock has reached, after the caller's own step. */
  const fireReached = () => {
    for (const entry of [...timers].sort((a, b) => a.at - b.at)) {
      if (entry.at > current) continue;
      timers.delete(entry);
      queueMicrotask(entry.fire);
    }
  };
  return {
    now() {
      if (pending?.condition()) {
        current = pending.at;
        pending = undefined;
      }
      const reading = new Date(current);
      current += tickMs;
      return reading;
    },
    set(at) {
      current = instant(at);
      pending = undefined;
      fireReached();
    },
    advance(ms) {
      current += ms;
      fireReached();
    },
    setWhen(condition, at) {
      pending = { condition, at: instant(at) };
    },
    timer(at, fire) {
      const entry = { at: at.getTime(), fire };
      timers.add(entry);
      fireReached();
      return () => void timers.delete(entry);
    },
  };
}
