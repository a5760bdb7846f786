import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '@server/platform/db/database';
import { startServerProcess, type ServerProcess } from '../server-process';
import { startSmtpInbox, type SmtpInbox } from '../smtp-inbox';
import { TestClient } from '../test-client';
import { createTestDatabase, databaseEnv, type TestDatabase } from '../test-database';

/**
 * "Never lost in a crash, never sent twice": the server, as its own process, sends a reset e-mail and
 * is killed (SIGKILL) while the SMTP server holds its DATA unanswered, so the message was never taken.
 * After a restart, once the dead instance's lease has lapsed, the message goes out, once.
 */
let testDb: TestDatabase;
let inbox: SmtpInbox;
let handle: DatabaseHandle;
const servers: ServerProcess[] = [];

beforeAll(async () => {
  testDb = await createTestDatabase();
  inbox = await startSmtpInbox();
});
afterAll(async () => {
  for (const server of servers) await server.stop('SIGKILL');
  await handle?.close();
  await inbox.close();
  await testDb.drop();
});

async function start(): Promise<ServerProcess> {
  const server = await startServerProcess({
    DATA_DIR: testDb.dataDir,
    ...databaseEnv(testDb.database),
    LOG_LEVEL: 'info',
    SMTP_URL: inbox.url,
    MAIL_FROM: 'Content Planner <planner@example.com>',
  });
  servers.push(server);
  return server;
}

describe('mail across a crash', { timeout: 120_000 }, () => {
  it('a server killed while the SMTP server holds its message sends it once after a restart', async () => {
    const first = await start();
    handle = openDatabase(testDb.database);
    const { email } = await new TestClient(first.url).signUp();

    const held = inbox.hold();
    expect((await new TestClient(first.url).post('/api/auth/request-password-reset', { email })).status).toBe(200);
    await held.reached;
    const sending = await handle.db.selectFrom('mail_outbox').selectAll().executeTakeFirstOrThrow();
    expect(sending).toMatchObject({ status: 'sending', attempts: 1 });
    await first.stop('SIGKILL');
    held.release();
    expect(inbox.messages).toEqual([]);

    // The killed instance's lease runs out (its 3 minutes, without waiting them).
    await handle.db.updateTable('mail_outbox').set({ leaseUntil: '2000-01-01T00:00:00.000Z' }).where('id', '=', sending.id).execute();
    const second = await start();
    expect(second.url).not.toBe('');
    const received = await inbox.waitForMessages(1);
    expect(received).toHaveLength(1);
    expect(received[0]!.envelopeTo).toEqual([email]);
    expect(received[0]!.parsed.subject).toBe('Set a new password for Content Planner');
    // The row is marked sent once the SMTP server's answer reaches the instance, just after the inbox has the message.
    const row = () => handle.db.selectFrom('mail_outbox').selectAll().where('id', '=', sending.id).executeTakeFirstOrThrow();
    await expect.poll(async () => (await row()).status).toBe('sent');
    expect(await row()).toMatchObject({ status: 'sent', attempts: 2, text: '' });

    // Recorded as sent: no turn of any instance takes it again. The logs never carried the SMTP password.
    expect(inbox.messages).toHaveLength(1);
    expect(first.output().includes(inbox.password) || second.output().includes(inbox.password)).toBe(false);
  });
});
