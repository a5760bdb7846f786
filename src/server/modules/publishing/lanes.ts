/**
 * A worker's sending lanes, shared by all its turns: a send holds one until its outcome is recorded, so
 * a slow receiver holds one lane, not the worker, and a turn may start while sends of earlier ones go on.
 */
export function createLanes(count: number) {
  let busy = 0;
  const running = new Set<Promise<void>>();
  let waiting: (() => void)[] = [];
  const wake = () => {
    const woken = waiting;
    waiting = [];
    for (const resolve of woken) resolve();
  };

  return {
    /** Takes every free lane, waiting for one when none is; answers how many were taken. */
    async takeFree(): Promise<number> {
      while (busy >= count) await new Promise<void>((resolve) => waiting.push(resolve));
      const taken = count - busy;
      busy += taken;
      return taken;
    },
    /** Gives back lanes taken and not used. */
    giveBack(unused: number) {
      busy -= unused;
      if (unused > 0) wake();
    },
    /** Runs a send in a lane already taken; the lane is free again once it settles. */
    run(send: Promise<void>): Promise<void> {
      const done = send.finally(() => {
        busy--;
        running.delete(done);
        wake();
      });
      running.add(done);
      return done;
    },
    /** Settles once the sends running now have. */
    settled: () => Promise.all(running).then(() => undefined),
  };
}

/**
 * Runs a turn that starts sends (it pushes each to `started`). A turn that fails midway (the database
 * away at its next claim) reports its failure only once the sends it started have settled: the next
 * turn does not begin while they still hold lanes and write their outcomes.
 */
export async function settledOnFailure(started: Promise<void>[], turn: (started: Promise<void>[]) => Promise<void>): Promise<void> {
  try {
    await turn(started);
  } catch (error) {
    await Promise.allSettled(started);
    throw error;
  }
}
