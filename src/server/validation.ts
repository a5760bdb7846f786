import { zValidator } from '@hono/zod-validator';
import type { ValidationTargets } from 'hono';
import type { ZodType } from 'zod';
import { AppError } from './errors';

/** Validates a request part with a shared schema; failures become one 400 in the common error shape. */
export function validate<Target extends keyof ValidationTargets, Schema extends ZodType>(target: Target, schema: Schema) {
  return zValidator(target, schema, (result) => {
    if (result.success) return;
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
