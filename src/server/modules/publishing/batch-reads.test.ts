import { describe, expect, it } from 'vitest';
import { createBatchReads, type BatchReadDeps } from './batch-reads';
import type { ConnectionRow } from './connection-repository';
import type { DeliveryRow } from './delivery-row';
import { createSecretBox, UnreadableCredentials } from './secret-box';

const box = createSecretBox('a'.repeat(64));
const connection = { id: 'conn-1', kind: 'webhook', credentials: box.seal({ url: 'https://hooks.example/in', secret: 'whsec_x' }) } as ConnectionRow;

/** Batch reads over repositories that answer one user's posts and `route` for every network; `box.openText` counted. */
function reads(route: ConnectionRow) {
  const opened = { count: 0 };
  const deps = {
    connections: { routeFor: async () => route },
    posts: { findMany: async () => [] },
    months: { strategies: async () => new Map() },
    profiles: { find: async () => undefined },
    box: {
      openText: (sealed: string) => {
        opened.count++;
        return box.openText(sealed);
      },
    },
  } as unknown as BatchReadDeps;
  return { read: createBatchReads(deps), opened };
}

const rows = (count: number) =>
  Array.from({ length: count }, (_v, n) => ({ id: `msg_${n}`, userId: 'user-1', postId: `post-${n}`, platform: 'facebook' })) as DeliveryRow[];

describe("a batch's credentials", () => {
  it('decrypts a connection once for all the deliveries of a batch, and gives each its own copy', async () => {
    const { read, opened } = reads(connection);
    const batch = await read(rows(3));
    const copies = await Promise.all(rows(3).map(async (row) => batch.credentials((await batch.route(row))!)));
    expect(opened.count).toBe(1);
    expect(copies[0]).toEqual({ url: 'https://hooks.example/in', secret: 'whsec_x' });
    // A channel changing its copy (a rotated token) changes no other delivery's.
    (copies[0] as { secret: string }).secret = 'changed';
    expect(copies[1]).toEqual({ url: 'https://hooks.example/in', secret: 'whsec_x' });
    // The next batch decrypts again: nothing decrypted outlives its batch.
    (await read(rows(1))).credentials(connection);
    expect(opened.count).toBe(2);
  });

  it('fails each delivery with UnreadableCredentials when the connection was sealed under another key', async () => {
    const foreign = { ...connection, credentials: createSecretBox('b'.repeat(64)).seal({ url: 'https://hooks.example/in' }) };
    const batch = await reads(foreign).read(rows(2));
    expect(() => batch.credentials(foreign)).toThrow(UnreadableCredentials);
    expect(() => batch.credentials(foreign)).toThrow(UnreadableCredentials);
  });
});
