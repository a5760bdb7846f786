import { describe, expect, it } from 'vitest';
import type { GenerationDraft } from '@shared/schemas/generation';
import { createDraftWriter } from './draft-writer';

const draft = (content: string): GenerationDraft => ({ date: '2030-05-01T12:00:00.000Z', platform: 'linkedin', content });

/** A clock the test moves, and the timers it fires. */
function fakeTimer() {
  let now = 0;
  const timers: { at: number; callback: () => void }[] = [];
  return {
    timer: {
      now: () => now,
      setTimeout: (callback: () => void, ms: number) => {
        const entry = { at: now + ms, callback };
        timers.push(entry);
        return entry;
      },
      clearTimeout: (handle: unknown) => {
        const index = timers.indexOf(handle as (typeof timers)[number]);
        if (index >= 0) timers.splice(index, 1);
      },
    },
    async advance(ms: number) {
      now += ms;
      for (const entry of timers.filter((timer) => timer.at <= now)) {
        timers.splice(timers.indexOf(entry), 1);
        entry.callback();
      }
      // Let the writes' promise chains settle.
      for (let turn = 0; turn < 5; turn++) await Promise.resolve();
    },
  };
}

describe('the draft writer', () => {
  it('writes the first words at once, then at most once per interval, the newest text winning', async () => {
    const clock = fakeTimer();
    const written: string[] = [];
    const writer = createDraftWriter({
      write: async (value) => void written.push(value.content),
      onError: () => undefined,
      intervalMs: 200,
      timer: clock.timer,
    });
    writer.update(draft('Win'));
    await clock.advance(0);
    expect(written).toEqual(['Win']);
    writer.update(draft('Winter'));
    writer.update(draft('Winter is'));
    await clock.advance(199);
    expect(written).toEqual(['Win']);
    await clock.advance(1);
    expect(written).toEqual(['Win', 'Winter is']);
    expect(writer.writes()).toBe(2);
  });

  it('never has two writes under way, and writes nothing after stop', async () => {
    const clock = fakeTimer();
    const written: string[] = [];
    let finish: () => void = () => undefined;
    const writer = createDraftWriter({
      write: (value) => {
        written.push(value.content);
        return new Promise<void>((resolve) => (finish = resolve));
      },
      onError: () => undefined,
      intervalMs: 200,
      timer: clock.timer,
    });
    writer.update(draft('One'));
    writer.update(draft('One two'));
    await clock.advance(500);
    expect(written).toEqual(['One']);
    finish();
    await clock.advance(0);
    expect(written).toEqual(['One', 'One two']);
    writer.update(draft('One two three'));
    const stopped = writer.stop();
    finish();
    await stopped;
    await clock.advance(1000);
    expect(written).toEqual(['One', 'One two']);
  });

  it('reports a failed write and goes on', async () => {
    const clock = fakeTimer();
    const errors: unknown[] = [];
    const written: string[] = [];
    let fail = true;
    const writer = createDraftWriter({
      write: async (value) => {
        if (fail) throw new Error('database busy');
        written.push(value.content);
      },
      onError: (error) => errors.push(error),
      intervalMs: 200,
      timer: clock.timer,
    });
    writer.update(draft('First'));
    await clock.advance(0);
    fail = false;
    writer.update(draft('First words'));
    await clock.advance(200);
    expect(errors).toHaveLength(1);
    expect(written).toEqual(['First words']);
  });
});
