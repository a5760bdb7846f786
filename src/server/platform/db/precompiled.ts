import { CompiledQuery, type Compilable } from 'kysely';
import type { Db } from './database';

/**
 * A query built and compiled by Kysely once, run many times with new arguments. Building a query
 * with subqueries (cloning and freezing its nodes, then compiling them) costs more CPU than SQLite
 * takes to answer it, so the hottest reads keep their SQL and swap only the values.
 *
 * `build` receives one marker per argument and must use each only as a bound value; any other
 * value it binds (a literal status, say) is kept as it was.
 */
export function precompile<Args extends string[], Row>(db: Db, arity: Args['length'], build: (...args: Args) => Compilable<Row>) {
  const markers = Array.from({ length: arity }, (_, index) => `\u0001argument ${index}\u0001`) as Args;
  const compiled = build(...markers).compile();
  const slots = compiled.parameters.map((value) => markers.indexOf(value as string));
  for (let index = 0; index < arity; index += 1) {
    if (!slots.includes(index)) throw new Error(`precompile: argument ${index} is not bound in ${compiled.sql}`);
  }
  return async (on: Db, ...args: Args): Promise<Row[]> => {
    const parameters = compiled.parameters.map((value, index) => (slots[index]! >= 0 ? args[slots[index]!] : value));
    return (await on.executeQuery<Row>(CompiledQuery.raw(compiled.sql, parameters))).rows;
  };
}
