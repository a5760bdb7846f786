import { randomUUID } from 'node:crypto';
import { CompiledQuery } from 'kysely';
import type { Db } from '../../platform/db/database';
import type { AttemptEnd, Change } from './delivery-row';

/** The columns an attempt's end may change, with their PostgreSQL types. */
const CHANGE_COLUMNS = {
  status: 'text',
  nextAttemptAt: 'text',
  reason: 'text',
  liveUrl: 'text',
  finishedAt: 'text',
  connectionId: 'text',
  attempts: 'integer',
};
type ChangeColumn = keyof typeof CHANGE_COLUMNS & keyof Change;
const LOG_COLUMNS = ['id', 'deliveryId', 'userId', 'at', 'outcome', 'detail'];
const quote = (name: string) => `"${name}"`;

/**
 * Many attempts' ends written with one statement each way instead of two per delivery: the rows go as
 * one JSON parameter, unpacked by the database (jsonb_to_recordset on PostgreSQL, json_each on SQLite).
 * Each statement's text depends only on which columns change, so it is prepared once and kept.
 * Under a burst every statement is a round trip and a socket write for the worker; a group commit of
 * 100 outcomes was 200 of them, now 2.
 */
export function createOutcomeWrites(postgres: boolean) {
  /** Rows in: `FROM <source> AS v`, with v's columns named and typed. */
  const source = (columns: [string, string][]) =>
    postgres
      ? `jsonb_to_recordset($1::jsonb) AS v(${columns.map(([name, type]) => `${quote(name)} ${type}`).join(', ')})`
      : `(SELECT ${columns.map(([name]) => `value ->> '${name}' AS ${quote(name)}`).join(', ')} FROM json_each(?)) AS v`;

  const updates = new Map<string, string>();
  /** The UPDATE for ends that change `columns`: each only while its claim holds the delivery; answers the ids it changed. */
  const updateText = (columns: ChangeColumn[]) => {
    const key = columns.join(',');
    let text = updates.get(key);
    if (!text) {
      const fields: [string, string][] = [
        ['id', 'text'],
        ['leaseOwner', 'text'],
        ['at', 'text'],
        ...columns.map((name): [string, string] => [name, CHANGE_COLUMNS[name]]),
      ];
      text = [
        `UPDATE deliveries SET ${columns.map((name) => `${quote(name)} = v.${quote(name)}`).join(', ')}${columns.length ? ', ' : ''}`,
        `"leaseOwner" = NULL, "leaseUntil" = NULL, "updatedAt" = v."at" FROM ${source(fields)}`,
        `WHERE deliveries."id" = v."id" AND deliveries."status" = 'publishing' AND deliveries."leaseOwner" = v."leaseOwner" RETURNING deliveries."id"`,
      ].join(' ');
      updates.set(key, text);
    }
    return text;
  };

  const insertLog = `INSERT INTO delivery_attempts (${LOG_COLUMNS.map(quote).join(', ')}) SELECT ${LOG_COLUMNS.map((name) => `v.${quote(name)}`).join(', ')} FROM ${source(LOG_COLUMNS.map((name) => [name, 'text']))}`;

  /** Applies one round of ends (no delivery twice) and answers the ids changed. */
  async function applyRound(trx: Db, ends: AttemptEnd[]): Promise<Set<string>> {
    const byShape = new Map<string, { columns: ChangeColumn[]; ends: AttemptEnd[] }>();
    for (const end of ends) {
      // An undefined value leaves the column as it is, as in a Kysely `set`.
      const columns = (Object.keys(CHANGE_COLUMNS) as ChangeColumn[]).filter((name) => end.change[name] !== undefined);
      const key = columns.join(',');
      const group = byShape.get(key) ?? { columns, ends: [] };
      group.ends.push(end);
      byShape.set(key, group);
    }
    const changed = new Set<string>();
    for (const { columns, ends: group } of byShape.values()) {
      const rows = group.map(({ row, change, attempt }) => ({
        id: row.id,
        leaseOwner: row.leaseOwner,
        at: attempt.at,
        ...Object.fromEntries(columns.map((name) => [name, change[name]])),
      }));
      const result = await trx.executeQuery<{ id: string }>(CompiledQuery.raw(updateText(columns), [JSON.stringify(rows)]));
      for (const { id } of result.rows) changed.add(id);
    }
    return changed;
  }

  return {
    /**
     * Records each end while its claim (`row.leaseOwner`) still holds the delivery, in `trx`, with its
     * line in the delivery's log; answers, in order, whether each was recorded.
     */
    async finish(trx: Db, ends: AttemptEnd[]): Promise<boolean[]> {
      const saved: boolean[] = Array.from({ length: ends.length }, () => false);
      // A delivery named twice (an end of a written-off claim beside its next attempt's) goes in a later round.
      let pending = ends.map((end, index) => ({ end, index }));
      while (pending.length > 0) {
        const seen = new Set<string>();
        const round: typeof pending = [];
        const later: typeof pending = [];
        for (const entry of pending) {
          (seen.has(entry.end.row.id) ? later : round).push(entry);
          seen.add(entry.end.row.id);
        }
        const changed = await applyRound(
          trx,
          round.map(({ end }) => end),
        );
        for (const { end, index } of round) saved[index] = changed.has(end.row.id);
        pending = later;
      }
      const lines = ends
        .filter((_end, index) => saved[index])
        .map(({ row, attempt }) => ({ id: randomUUID(), deliveryId: row.id, userId: row.userId, ...attempt }));
      if (lines.length > 0) await trx.executeQuery(CompiledQuery.raw(insertLog, [JSON.stringify(lines)]));
      return saved;
    },
  };
}
