import { zValidator } from '@hono/zod-validator';
import type { ValidationTargets } from 'hono';
import type { ZodType } from 'zod';
import { AppError } from './errors';

export const NUL_MESSAGE = 'Remove the invisible NUL character (U+0000) from this text.';

/** The path of the first string holding U+0000, which PostgreSQL text cannot store; null when there is none. */
function pathOfNul(value: unknown, at: string[] = []): string[] | null {
  if (typeof value === 'string') return value.includes('\u0000') ? at : null;
  if (value === null || typeof value !== 'object') return null;
  for (const [key, inner] of Object.entries(value)) {
    const found = pathOfNul(inner, [...at, key]);
    if (found) return found;
  }
  return null;
}

/**
 * Validates a request part with a shared schema; failures become one 400 in the common error shape.
 * Text with a NUL character is refused here too, for every route: SQLite would keep it, PostgreSQL fails.
 */
export function validate<Target extends keyof ValidationTargets, Schema extends ZodType>(target: Target, schema: Schema) {
  return zValidator(target, schema, (result) => {
    if (result.success) {
      const nul = pathOfNul(result.data);
      if (!nul) return;
      const key = nul.join('.') || target;
      throw new AppError('bad_request', `Invalid ${target}. ${key}: ${NUL_MESSAGE}`, { [key]: NUL_MESSAGE });
    }
    const fields: Record<string, string> = {};
    for (const issue of result.error.issues) {
      const key = issue.path.map(String).join('.') || target;
      fields[key] ??= issue.message;
    }
    const first = result.error.issues[0];
    const where = first && first.path.length > 0 ? `${first.path.map(String).join('.')}: ` : '';
    throw new AppError('bad_request', `Invalid ${target}. ${where}${first?.message ?? 'Check the values sent.'}`, fields);
  });
}
