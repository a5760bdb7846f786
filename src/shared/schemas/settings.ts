import { z } from 'zod';

/** GET /api/settings/ai: which writer the server uses, never its key or address. */
export const aiSettingsSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('offline'), label: z.string(), provider: z.null(), model: z.null() }),
  z.object({ kind: z.literal('ai'), label: z.string(), provider: z.string(), model: z.string() }),
]);
export type AiSettings = z.infer<typeof aiSettingsSchema>;

/** POST /api/settings/ai/test: a failed test is an answer ({ ok: false }), not an error. */
export const connectionTestSchema = z.object({
  ok: z.boolean(),
  latencyMs: z.number(),
  message: z.string(),
});
export type ConnectionTest = z.infer<typeof connectionTestSchema>;
