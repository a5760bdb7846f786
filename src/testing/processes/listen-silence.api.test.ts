import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '@server/platform/db/database';
import { createLogger } from '@server/platform/logger';
import { createPostgresNotifier } from '@server/platform/notifier';
import { startTcpProxy } from '../tcp-proxy';
import { createTestDatabase, TEST_DB_KIND, type TestDatabase } from '../test-database';

// The listening connection can die without a word (a NAT or balancer's idle timeout, a failover):
// no 'error', no 'end'. Month reads are kept on the strength of its notices (month-change-stamp.ts),
// so the notifier asks it a `select 1` on a schedule and counts it lost when no answer comes.
describe.runIf(TEST_DB_KIND === 'postgres')('a listening connection that goes silent', () => {
  let testDb: TestDatabase;
  let database: DatabaseHandle;
  beforeAll(async () => {
    testDb = await createTestDatabase();
    database = openDatabase(testDb.database);
  });
  afterAll(async () => {
    await database.close();
    await testDb.drop();
  });

  it('is counted lost once it stops answering, though its socket stays open', async () => {
    const url = new URL(testDb.database.kind === 'postgres' ? testDb.database.url : '');
    const proxy = await startTcpProxy(url.hostname, Number(url.port || 5432));
    const viaProxy = new URL(url);
    viaProxy.port = String(proxy.port);
    const notifier = await createPostgresNotifier(database, viaProxy.toString(), createLogger('silent'), { everyMs: 50, answerWithinMs: 100 });
    try {
      expect(notifier.listening?.()).toBe(1);
      // Still listening across several checks while the database answers them.
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(notifier.listening?.()).toBe(1);
      // The database's answers stop reaching it; the connection is never closed.
      proxy.holdReplies();
      await expect.poll(() => notifier.listening?.(), { timeout: 5_000, interval: 25 }).toBeUndefined();
    } finally {
      await notifier.close();
      await proxy.close();
    }
  });
});
