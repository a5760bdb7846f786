import { describe, expect, it } from 'vitest';
import { createLanes, settledOnFailure } from './lanes';

/** A promise settled by hand. */
function deferred() {
  let resolve!: () => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<void>((res, rej) => ((resolve = res), (reject = rej)));
  return { promise, resolve, reject };
}

/** Lets every callback already queued run (no time passes). */
const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('a turn that fails', () => {
  it('reports its failure only once every send it started has settled, a failed send included', async () => {
    const lanes = createLanes(3);
    const sends = [deferred(), deferred()];
    let ended: unknown;
    const turn = settledOnFailure([], async (started) => {
      expect(await lanes.takeFree()).toBe(3);
      lanes.giveBack(1);
      for (const send of sends) started.push(lanes.run(send.promise));
      throw new Error('the database went away');
    }).catch((error: unknown) => (ended = error));

    await settle();
    expect(ended).toBeUndefined();
    sends[0]!.reject(new Error('the receiver hung up'));
    await settle();
    expect(ended).toBeUndefined();
    sends[1]!.resolve();
    await turn;
    expect(ended).toEqual(new Error('the database went away'));
    // Its lanes are free again for the next turn.
    expect(await lanes.takeFree()).toBe(3);
  });

  it('lets a turn that ends well return while its sends go on', async () => {
    const lanes = createLanes(2);
    const send = deferred();
    const started: Promise<void>[] = [];
    await settledOnFailure(started, async (list) => {
      await lanes.takeFree();
      lanes.giveBack(1);
      list.push(lanes.run(send.promise));
    });
    expect(started).toHaveLength(1);
    send.resolve();
    await lanes.settled();
  });
});
