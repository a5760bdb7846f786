/** A clock a test sets by hand; the server reads it wherever it needs "now" (services, runner, jobs). */
export interface TestClock {
  now: () => Date;
  /** Moves the clock to an instant (ISO string). */
  set: (iso: string) => void;
}

export function createTestClock(start: string): TestClock {
  let at = Date.parse(start);
  if (Number.isNaN(at)) throw new RangeError(`Not an ISO instant: ${start}`);
  return {
    now: () => new Date(at),
    set(iso) {
      const next = Date.parse(iso);
      if (Number.isNaN(next)) throw new RangeError(`Not an ISO instant: ${iso}`);
      at = next;
    },
  };
}
