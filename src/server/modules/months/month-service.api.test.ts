import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_STRATEGY } from '@shared/schemas/strategy';
import { createDeliveryRepository } from '../publishing/delivery-repository';
import { createMonthRepository } from './month-repository';
import { createPostRepository } from '../posts/post-repository';
import { createProfileRepository, type ZoneState } from '../profile/profile-repository';
import { AppError } from '../../errors';
import { createTestClock } from '@testing/test-clock';
import { openServiceHarness, type ServiceHarness } from '@testing/service-harness';
import { ARCHIVED_MESSAGE } from './access';
import { createMonthService } from './month-service';
import { createMonthScreenRead } from './month-screen-repository';

// The month rules called directly, over real repositories on the test database (SQLite or PostgreSQL).
const clock = createTestClock('2031-01-15T12:00:00.000Z');
let harness: ServiceHarness;
beforeAll(async () => {
  harness = await openServiceHarness({ now: clock.now });
});
afterAll(async () => harness.close());

const archived = { code: 'archived', message: ARCHIVED_MESSAGE };
const monthRows = async (userId: string) =>
  (await harness.database.db.selectFrom('months').select('id').where('userId', '=', userId).orderBy('year').orderBy('month').execute()).map((row) => row.id);

describe('current and next month', () => {
  it('are created by the first workspace read, once, even when reads race', async () => {
    clock.set('2031-01-15T12:00:00.000Z');
    const userId = await harness.createUser();
    expect(await monthRows(userId)).toEqual([]);
    const reads = await Promise.all(Array.from({ length: 8 }, () => harness.services.months.workspace(userId)));
    for (const workspace of reads) {
      expect(workspace).toMatchObject({ timeZone: 'UTC', today: '2031-01-15', currentMonthId: '2031-1', archived: [] });
      expect(workspace.active.map((month) => [month.id, month.status])).toEqual([
        ['2031-1', 'active'],
        ['2031-2', 'active'],
      ]);
    }
    expect(await monthRows(userId)).toEqual(['2031-1', '2031-2']);
  });

  it('move on with the clock: the month that ended is archived, the one after next is created', async () => {
    clock.set('2031-01-20T12:00:00.000Z');
    const userId = await harness.createUser();
    await harness.services.months.workspace(userId);
    clock.set('2031-02-01T00:00:00.000Z');
    const workspace = await harness.services.months.workspace(userId);
    expect(workspace.currentMonthId).toBe('2031-2');
    expect(workspace.active.map((month) => month.id)).toEqual(['2031-2', '2031-3']);
    expect(workspace.archived.map((month) => [month.id, month.status])).toEqual([['2031-1', 'archived']]);
    expect(await monthRows(userId)).toEqual(['2031-1', '2031-2', '2031-3']);
  });
});

describe('an archived month', () => {
  it('is read-only: the quick check, the strategy and a write in its transaction are refused, nothing changes', async () => {
    clock.set('2031-01-15T12:00:00.000Z');
    const userId = await harness.createUser();
    const id = await harness.factories.month(userId, { year: 2030, month: 12 });
    await expect(harness.services.access.requireMonth(userId, id, { writable: true })).rejects.toMatchObject(archived);
    await expect(harness.services.months.saveStrategy(userId, id, DEFAULT_STRATEGY)).rejects.toMatchObject(archived);
    let ran = false;
    await expect(
      harness.services.access.writeInMonth(userId, id, async () => {
        ran = true;
      }),
    ).rejects.toBeInstanceOf(AppError);
    expect(ran).toBe(false);
    expect(await harness.services.months.get(userId, id)).toMatchObject({ id, archived: true, status: 'archived', strategy: null });
  });

  it('is another user’s month: not found, not archived', async () => {
    const owner = await harness.createUser();
    const stranger = await harness.createUser();
    const id = await harness.factories.month(owner, { year: 2030, month: 11 });
    await expect(harness.services.access.requireMonth(stranger, id, { writable: true })).rejects.toMatchObject({ code: 'not_found' });
    await expect(harness.services.months.get(stranger, id)).rejects.toMatchObject({ code: 'not_found' });
  });
});

describe('the time-zone boundary', () => {
  it('ends a month at local midnight in the user’s zone: Los Angeles is still in January after UTC has left it', async () => {
    clock.set('2031-01-20T12:00:00.000Z');
    const angeleno = await harness.createUser();
    const londoner = await harness.createUser();
    await harness.services.months.setTimeZone(angeleno, 'America/Los_Angeles');
    for (const userId of [angeleno, londoner]) await harness.services.months.workspace(userId);

    // 07:59:59.999 UTC on 1 February is 23:59:59.999 on 31 January in Los Angeles (UTC−8).
    clock.set('2031-02-01T07:59:59.999Z');
    expect(await harness.services.months.workspace(angeleno)).toMatchObject({ timeZone: 'America/Los_Angeles', currentMonthId: '2031-1', today: '2031-01-31' });
    await expect(harness.services.months.saveStrategy(angeleno, '2031-1', DEFAULT_STRATEGY)).resolves.toEqual(DEFAULT_STRATEGY);
    await expect(harness.services.months.saveStrategy(londoner, '2031-1', DEFAULT_STRATEGY)).rejects.toMatchObject(archived);

    clock.set('2031-02-01T08:00:00.000Z');
    expect((await harness.services.months.workspace(angeleno)).currentMonthId).toBe('2031-2');
    await expect(harness.services.months.saveStrategy(angeleno, '2031-1', { ...DEFAULT_STRATEGY, keyThemes: 'Too late' })).rejects.toMatchObject(archived);
    expect((await harness.services.months.get(angeleno, '2031-1')).strategy).toEqual(DEFAULT_STRATEGY);
  });

  it('does not reopen a month that had ended in the zone the user leaves for one further west', async () => {
    // 11:00 UTC on 31 January: already 1 February in Kiritimati (UTC+14), still 31 January in Pago Pago (UTC−11).
    clock.set('2031-01-20T12:00:00.000Z');
    const userId = await harness.createUser();
    await harness.services.months.setTimeZone(userId, 'Pacific/Kiritimati');
    await harness.services.months.workspace(userId);
    clock.set('2031-01-31T11:00:00.000Z');
    expect((await harness.services.months.workspace(userId)).currentMonthId).toBe('2031-2');
    await harness.services.months.setTimeZone(userId, 'Pacific/Pago_Pago');
    const workspace = await harness.services.months.workspace(userId);
    expect(workspace).toMatchObject({ timeZone: 'Pacific/Pago_Pago', currentMonthId: '2031-2' });
    await expect(harness.services.access.requireMonth(userId, '2031-1', { writable: true })).rejects.toMatchObject(archived);
  });
});

describe('changing the time zone', () => {
  it('asks to try again when another change of the zone lands before each of its writes', async () => {
    const userId = await harness.createUser();
    const { db } = harness.database;
    const profiles = createProfileRepository(db);
    // Another tab sets a zone of its own between each read and write of this change, every time.
    const elsewhere = ['Europe/Paris', 'Asia/Tokyo', 'Europe/Paris'];
    let changes = 0;
    const racing = {
      ...profiles,
      async changeTimeZone(id: string, before: ZoneState | undefined, next: ZoneState) {
        await profiles.changeTimeZone(id, before, { ...next, timeZone: elsewhere[changes++ % elsewhere.length]! });
        return profiles.changeTimeZone(id, before, next);
      },
    };
    const months = createMonthService({
      months: createMonthRepository(db),
      screen: createMonthScreenRead(harness.database, createPostRepository(db), () => undefined),
      posts: createPostRepository(db),
      profiles: racing,
      deliveries: createDeliveryRepository(db),
      access: harness.services.access,
      approvalsChanged: async () => undefined,
      now: clock.now,
    });
    await expect(months.setTimeZone(userId, 'America/New_York')).rejects.toMatchObject({
      code: 'time_zone_changing',
      message: 'Your time zone was being changed elsewhere at the same moment. Please try again.',
    });
    expect((await profiles.findZone(userId))?.timeZone).toBe('Europe/Paris');
  });
});
