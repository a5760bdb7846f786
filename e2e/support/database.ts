import { randomUUID } from 'node:crypto';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import pg from 'pg';
import { inject } from 'vitest';
import { monthId, monthName, type MonthRef } from '@shared/domain/months';

/**
 * Runs one statement on the e2e server's database, to seed what the UI cannot create (e.g. past
 * months): its SQLite file, or the PostgreSQL database the instances share (E2E_INSTANCES=2).
 * Statements use `?` placeholders; they are numbered for PostgreSQL.
 */
async function run<T>(text: string, values: unknown[]): Promise<T[]> {
  const url = inject('databaseUrl');
  if (url) {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      let index = 0;
      return (
        await client.query(
          text.replace(/\?/g, () => `$${++index}`),
          values,
        )
      ).rows as T[];
    } finally {
      await client.end();
    }
  }
  const database = new BetterSqlite3(path.join(inject('dataDir'), 'planner.db'));
  database.pragma('busy_timeout = 5000');
  try {
    const statement = database.prepare(text);
    if (statement.reader) return statement.all(...values) as T[];
    statement.run(...values);
    return [];
  } finally {
    database.close();
  }
}

export async function userIdFor(email: string): Promise<string> {
  const [row] = await run<{ id: string }>('select id from "user" where email = ?', [email]);
  if (!row) throw new Error(`no user ${email}`);
  return row.id;
}

interface SeedPost {
  date: string;
  platform: string;
  content: string;
  /** Defaults to now; set it where the order of posts on one day matters (date, then creation time). */
  createdAt?: string;
  /** Defaults to a text post. */
  type?: 'text' | 'image' | 'video' | 'carousel';
  /** The media description (empty by default). */
  mediaPrompt?: string;
}

/** Adds a post to a month that already exists. */
export async function seedPost(email: string, ref: MonthRef, post: SeedPost) {
  const userId = await userIdFor(email);
  const now = new Date().toISOString();
  await run(
    'insert into posts (id, "userId", "monthId", date, platform, content, type, "mediaPrompt", hashtags, media, version, "createdAt", "updatedAt") values (?, ?, ?, ?, ?, ?, ?, ?, \'[]\', \'[]\', 1, ?, ?)',
    [randomUUID(), userId, monthId(ref), post.date, post.platform, post.content, post.type ?? 'text', post.mediaPrompt ?? '', post.createdAt ?? now, now],
  );
}

/** Creates a month (e.g. one in the past, which the app never creates) with optional posts. */
export async function seedMonth(email: string, ref: MonthRef, options: { contentGenerated?: boolean; posts?: SeedPost[] } = {}) {
  const userId = await userIdFor(email);
  const now = new Date().toISOString();
  await run(
    'insert into months ("userId", id, name, year, month, "contentGenerated", "lastGeneratedAt", strategy, "createdAt", "updatedAt") values (?, ?, ?, ?, ?, ?, ?, null, ?, ?)',
    [userId, monthId(ref), monthName(ref.month), ref.year, ref.month, options.contentGenerated ? 1 : 0, options.contentGenerated ? now : null, now, now],
  );
  for (const post of options.posts ?? []) await seedPost(email, ref, post);
}

interface SeedConnection {
  kind: string;
  name: string;
  /** What the row shows as its host (for webhooks); the network's API host for accounts signed in to. */
  target: string;
  networks: string[];
  accountId?: string;
  health?: 'healthy' | 'disconnected';
  healthReason?: string;
  tokenExpiresAt?: string;
}

/**
 * Adds a connection as a sign-in would leave it (an account, its health, its token's expiry), for
 * screens that show connections: its credentials are a placeholder no channel could use.
 */
export async function seedConnection(email: string, connection: SeedConnection): Promise<string> {
  const userId = await userIdFor(email);
  const id = randomUUID();
  const now = new Date().toISOString();
  await run(
    'insert into connections (id, "userId", kind, name, target, credentials, "accountId", health, "healthReason", "tokenExpiresAt", "createdAt", "updatedAt") values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
    [
      id,
      userId,
      connection.kind,
      connection.name,
      connection.target,
      'not-sealed-seeded-by-a-test',
      connection.accountId ?? null,
      connection.health ?? 'healthy',
      connection.healthReason ?? null,
      connection.tokenExpiresAt ?? null,
      now,
      now,
    ],
  );
  for (const platform of connection.networks)
    await run('insert into network_routes ("userId", platform, "connectionId") values (?, ?, ?)', [userId, platform, id]);
  return id;
}

/**
 * Makes a library file look made (from a template or by AI) without the renderer: for screens that
 * label files by where they came from. The file is found by its description.
 */
export async function markLibraryFileMade(email: string, altText: string, source: 'template' | 'ai', template: string | null): Promise<void> {
  const userId = await userIdFor(email);
  await run('update media_files set source = ?, template = ? where "userId" = ? and "altText" = ?', [source, template, userId, altText]);
}
