/** A clock a test sets by hand; the server reads it wherever it needs "now" (services, runner, jobs). */
export interface TestClock {
  now: () => Date;
  /** Moves the clock to an instant (ISO string). */
  set: (iso: string) => void;
  /**
   * Moves the clock to `iso` the first time it is read while `condition` holds: "midnight passes while
   * the model is writing" happens exactly then, with no sleep and no race against a timer.
   */
  setWhen: (condition: () => boolean, iso: string) => void;
}

function instant(iso: string): number {
  const at = Date.parse(iso);
  if (Number.isNaN(at)) throw new RangeError(`Not an ISO instant: ${iso}`);
  return at;
}

export function createTestClock(start: string): TestClock {
  let at = instant(start);
  let pending: { condition: () => boolean; at: number } | undefined;
  return {
    now() {
      if (pending?.condition()) {
        at = pending.at;
        pending = undefined;
      }
      return new Date(at);
    },
    set(iso) {
      at = instant(iso);
      pending = undefined;
    },
    setWhen(condition, iso) {
      pending = { condition, at: instant(iso) };
    },
  };
}
