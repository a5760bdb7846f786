import { randomUUID } from 'node:crypto';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { inject } from 'vitest';
import { monthId, monthName, type MonthRef } from '@shared/domain/months';

/** Opens the e2e server's SQLite file directly, to seed what the UI cannot create (e.g. past months). */
function open() {
  const database = new BetterSqlite3(path.join(inject('dataDir'), 'planner.db'));
  database.pragma('busy_timeout = 5000');
  return database;
}

export function userIdFor(email: string): string {
  const database = open();
  try {
    const row = database.prepare('select id from "user" where email = ?').get(email) as { id: string } | undefined;
    if (!row) throw new Error(`no user ${email}`);
    return row.id;
  } finally {
    database.close();
  }
}

interface SeedPost {
  date: string;
  platform: string;
  content: string;
  /** Defaults to now; set it where the order of posts on one day matters (date, then creation time). */
  createdAt?: string;
}

/** Adds a post to a month that already exists. */
export function seedPost(email: string, ref: MonthRef, post: SeedPost) {
  const userId = userIdFor(email);
  const database = open();
  const now = new Date().toISOString();
  try {
    database
      .prepare(
        'insert into posts (id, "userId", "monthId", date, platform, content, type, "mediaPrompt", hashtags, media, status, version, "createdAt", "updatedAt") values (?, ?, ?, ?, ?, ?, \'text\', \'\', \'[]\', \'[]\', \'draft\', 1, ?, ?)',
      )
      .run(randomUUID(), userId, monthId(ref), post.date, post.platform, post.content, post.createdAt ?? now, now);
  } finally {
    database.close();
  }
}

/** Creates a month (e.g. one in the past, which the app never creates) with optional posts. */
export function seedMonth(email: string, ref: MonthRef, options: { contentGenerated?: boolean; posts?: SeedPost[] } = {}) {
  const userId = userIdFor(email);
  const database = open();
  const now = new Date().toISOString();
  try {
    database
      .prepare(
        'insert into months ("userId", id, name, year, month, "contentGenerated", "lastGeneratedAt", strategy, "createdAt", "updatedAt") values (?, ?, ?, ?, ?, ?, ?, null, ?, ?)',
      )
      .run(userId, monthId(ref), monthName(ref.month), ref.year, ref.month, options.contentGenerated ? 1 : 0, options.contentGenerated ? now : null, now, now);
  } finally {
    database.close();
  }
  for (const post of options.posts ?? []) seedPost(email, ref, post);
}
