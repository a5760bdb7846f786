import { z } from 'zod';
import { ERROR_CODES } from './error-codes';

export { ERROR_CODES, type ErrorCode } from './error-codes';

/** The one error shape every endpoint answers with. */
export const apiErrorSchema = z.object({
  error: z.object({
    code: z.enum(ERROR_CODES),
    message: z.string(),
    /** Field-level problems for validation errors: path -> message. */
    fields: z.record(z.string(), z.string()).optional(),
    /** Facts a client acts on, named by the code's comment (e.g. `postCount` for `month_has_posts`). */
    details: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
  }),
});
export type ApiError = z.infer<typeof apiErrorSchema>;
export type ErrorDetails = NonNullable<ApiError['error']['details']>;
