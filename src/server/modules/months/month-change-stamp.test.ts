import { describe, expect, it } from 'vitest';
import { createLocalNotifier } from '../../platform/notifier';
import { createMonthChangeStamp } from './month-change-stamp';

/** A PostgreSQL-like setting: a count of this process's writes and a notifier whose listening connection the test switches. */
function postgresLike() {
  const local = createLocalNotifier();
  const state = { writes: 0, connection: 1 as number | undefined };
  const stamp = createMonthChangeStamp({ writesFinished: () => state.writes }, { listen: local.listen, listening: () => state.connection });
  const notice = (userId: string) => local.publish('planner_months', userId);
  return { state, stamp, notice };
}

describe('a month change stamp', () => {
  it('on PostgreSQL changes with a write this process finished, for every user', () => {
    const { state, stamp } = postgresLike();
    const before = [stamp('ann'), stamp('bob')];
    expect([stamp('ann'), stamp('bob')]).toEqual(before);
    state.writes += 1;
    expect(stamp('ann')).not.toBe(before[0]);
    expect(stamp('bob')).not.toBe(before[1]);
  });

  it("on PostgreSQL changes with a notice for the user, and only that user's", async () => {
    const { stamp, notice } = postgresLike();
    const [ann, bob] = [stamp('ann'), stamp('bob')];
    await notice('ann');
    expect(stamp('ann')).not.toBe(ann);
    expect(stamp('bob')).toBe(bob);
  });

  it("on PostgreSQL changes for every user with the notice of a TRUNCATE ('*')", async () => {
    const { stamp, notice } = postgresLike();
    const [ann, bob] = [stamp('ann'), stamp('bob')];
    await notice('*');
    expect(stamp('ann')).not.toBe(ann);
    expect(stamp('bob')).not.toBe(bob);
  });

  it('on PostgreSQL never comes back to an earlier value when the per-user counts start over', async () => {
    const { stamp, notice } = postgresLike();
    const unheard = stamp('ann');
    await notice('ann');
    for (let user = 0; user < 10_000; user += 1) await notice(`user-${user}`);
    expect(stamp('ann')).not.toBe(unheard);
  });

  it('on PostgreSQL is missing while nothing listens and changes with each new listening connection', () => {
    const { state, stamp } = postgresLike();
    const first = stamp('ann');
    state.connection = undefined;
    expect(stamp('ann')).toBeUndefined();
    state.connection = 2;
    expect(stamp('ann')).toBeDefined();
    expect(stamp('ann')).not.toBe(first);
  });

  it('is missing on PostgreSQL without a database notifier, and is the database file’s stamp on SQLite', () => {
    const local = createLocalNotifier();
    expect(createMonthChangeStamp({ writesFinished: () => 0 }, local)('ann')).toBeUndefined();
    let fileStamp = '1:5';
    const sqlite = createMonthChangeStamp({ changeStamp: () => fileStamp }, local);
    expect(sqlite('ann')).toBe('1:5');
    fileStamp = '1:6';
    expect(sqlite('bob')).toBe('1:6');
  });
});
