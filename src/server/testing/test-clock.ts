/**
 * A clock tests move by hand: services read it through their `now` option, so hours pass without
 * sleeping. Each reading is one millisecond after the one before, as on a real clock, so two writes
 * are never stamped with the same instant.
 */
export interface TestClock {
  now: () => Date;
  set: (at: Date | string) => void;
  advance: (ms: number) => void;
}

export function createTestClock(start: Date | string = new Date()): TestClock {
  let current = new Date(start).getTime();
  return {
    now: () => new Date(current++),
    set: (at) => {
      current = new Date(at).getTime();
    },
    advance: (ms) => {
      current += ms;
    },
  };
}
