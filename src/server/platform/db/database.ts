import BetterSqlite3 from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect, sql, type SqliteDatabase } from 'kysely';
import pg from 'pg';
import type { Config } from '../../config';
import type { DatabaseSchema } from './schema';

export type Db = Kysely<DatabaseSchema>;
export type DbKind = 'sqlite' | 'postgres';

/**
 * Runs `work` inside the caller's transaction when `db` is one (a service checked the month in it),
 * else in a transaction of its own: Kysely cannot nest them.
 */
export function inTransaction<T>(db: Db, work: (trx: Db) => Promise<T>): Promise<T> {
  return db.isTransaction ? work(db) : db.transaction().execute(work);
}

export interface DatabaseHandle {
  db: Db;
  kind: DbKind;
  close: () => Promise<void>;
  /**
   * SQLite only: a value that differs after any row this process's connection wrote (total_changes)
   * or any commit by another connection or process (data_version), read without a query. A result
   * kept with the stamp read before its query is still the database's answer while the stamp is equal.
   */
  changeStamp?: () => string;
  /**
   * PostgreSQL only: how many statements other than plain reads (`select ...`; commits included) this
   * process's pool has finished. A result kept with the count read before its query misses no write
   * of this process while the count is equal; other processes' writes are heard as notices
   * (month-change-stamp.ts).
   */
  writesFinished?: () => number;
}

// PostgreSQL returns COUNT(*) and BIGINT as strings; every figure we count fits a JS number.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));

/** Enough for every query the app builds; variable ones (multi-row inserts) just start the cache over. */
const STATEMENT_CACHE_MAX = 500;

/**
 * Kysely prepares a new better-sqlite3 statement for every query; preparing costs about as much as
 * running a small query, so statements are kept by their SQL text. Safe because the driver runs one
 * query at a time on its single connection, and SQLite re-prepares a kept statement after a schema change.
 */
function withStatementCache(database: BetterSqlite3.Database): SqliteDatabase {
  const statements = new Map<string, BetterSqlite3.Statement>();
  return {
    close: () => database.close(),
    prepare(text: string) {
      let statement = statements.get(text);
      if (!statement) {
        if (statements.size >= STATEMENT_CACHE_MAX) statements.clear();
        statement = database.prepare(text);
        statements.set(text, statement);
      }
      return statement;
    },
  };
}

/** Statements worth keeping prepared: plain reads and writes (DDL and transaction control are not named). */
const PREPARABLE = /^\s*(select|insert|update|delete|with)\b/i;
const PREPARED_MAX = 1000;
/** A statement that writes nothing (a `with` may hold an update, so it counts as a write). */
const PLAIN_READ = /^\s*select\b/i;

/**
 * A pg client tuned for the many small queries of an API server:
 * - each query's SQL is prepared once per connection under a name derived from its text, so
 *   PostgreSQL parses (and, after a few runs, plans) it once instead of on every request;
 * - a query is four or five protocol messages and pg writes each to the socket on its own, so the
 *   socket is corked while a query is handed over and they leave in one write.
 */
class ApiClient extends pg.Client {
  private names = new Map<string, string>();
  /** Called when a statement other than a plain read has finished, whether it succeeded or not. */
  protected wrote(): void {}

  constructor(config?: string | pg.ClientConfig) {
    super(config);
    // A connection lost while a request holds this client must not crash the process: the query in
    // flight is rejected (the app answers 503) and pg-pool drops the client as no longer queryable.
    this.on('error', () => undefined);
  }

  override query(...args: unknown[]): never {
    const [text, values] = args;
    if (typeof text === 'string' && Array.isArray(values) && args.length === 2 && PREPARABLE.test(text) && this.names.size < PREPARED_MAX) {
      let name = this.names.get(text);
      if (!name) {
        name = `k${this.names.size}`;
        this.names.set(text, name);
      }
      args = [{ name, text, values }];
    }
    const stream = (this as unknown as { connection?: { stream?: { cork?: () => void; uncork?: () => void } } }).connection?.stream;
    const corked = typeof stream?.cork === 'function' && typeof stream.uncork === 'function';
    if (corked) stream.cork!();
    try {
      const result = (super.query as (...a: unknown[]) => unknown)(...args);
      // Kysely passes no callback, so pg answers with a promise; `then` with both handlers leaves the
      // caller's promise (and its rejection) as it was.
      if (!(typeof text === 'string' && PLAIN_READ.test(text))) {
        if (result instanceof Promise) {
          result.then(
            () => this.wrote(),
            () => this.wrote(),
          );
        } else this.wrote();
      }
      return result as never;
    } finally {
      if (corked) process.nextTick(() => stream.uncork!());
    }
  }
}

export function openDatabase(database: Config['database']): DatabaseHandle {
  if (database.kind === 'postgres') {
    let writes = 0;
    const Client = class extends ApiClient {
      protected override wrote() {
        writes += 1;
      }
    };
    const pool = new pg.Pool({ connectionString: database.url, max: 10, connectionTimeoutMillis: 5000, Client });
    // An idle client losing its connection must not crash the server; the next query reports it.
    pool.on('error', () => undefined);
    const db = new Kysely<DatabaseSchema>({ dialect: new PostgresDialect({ pool }) });
    return { db, kind: 'postgres', close: () => db.destroy(), writesFinished: () => writes };
  }
  const sqlite = new BetterSqlite3(database.file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('foreign_keys = ON');
  const db = new Kysely<DatabaseSchema>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) });
  const totalChanges = sqlite.prepare('select total_changes()').pluck();
  const changeStamp = () => `${String(sqlite.pragma('data_version', { simple: true }))}:${String(totalChanges.get())}`;
  return { db, kind: 'sqlite', close: () => db.destroy(), changeStamp };
}

/** Fails fast, with the driver's reason, when the database cannot be reached. */
export async function assertReachable(db: Db): Promise<void> {
  await sql`select 1`.execute(db);
}
