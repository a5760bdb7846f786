import type { Context, TypedResponse } from 'hono';

/**
 * Answers JSON that is already text (written by the database, say) as `c.json` would answer the
 * value, typed as that value for the web client's RPC types.
 */
export function jsonText<T>(c: Context, text: string): Response & TypedResponse<T, 200, 'json'> {
  return c.body(text, 200, { 'Content-Type': 'application/json' }) as unknown as Response & TypedResponse<T, 200, 'json'>;
}
