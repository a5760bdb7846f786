/** The AI writer: an OpenAI-compatible provider behind the Writer interface. */
import { createCallModel } from './call-model';
import { writeMonthPlan } from './month-plan';
import { describeProvider, type ProviderConfig } from './provider';
import { rewritePostWithAi } from './rewrite-post';
import { writeSinglePostWithAi } from './single-post';
import type { Writer, WriterOptions } from './writer';

/**
 * Spec section 9: the AI client's 10-minute time-out and 2 retries. A month is split into up to
 * `concurrency` batches of at most `batchSize` slots, written at once (docs/performance.md).
 */
export const AI_DEFAULTS = {
  timeoutMs: 10 * 60_000,
  maxRetries: 2,
  batchSize: 10,
  concurrency: 7,
  streamPosts: true,
  retryDelayMs: 1000,
} as const;

export function createAiWriter(ai: ProviderConfig, options: WriterOptions = {}): Writer {
  const settings = { ...AI_DEFAULTS, ...definedOnly(options) };
  // One writer per provider for the life of the process: what it learns about JSON mode holds until restart.
  const jsonMode = { works: true };
  const callModel = createCallModel(ai, settings, jsonMode);
  // A connection test should answer quickly and say so when it cannot: no long time-out, no retries.
  const testCall = createCallModel(ai, { ...settings, timeoutMs: Math.min(settings.timeoutMs, 20_000), maxRetries: 0 }, jsonMode);
  return {
    kind: 'ai',
    label: describeProvider(ai),
    writeMonth: (context, slots, monthOptions) => writeMonthPlan(callModel, settings, context, slots, monthOptions),
    rewritePost: (input, signal) => rewritePostWithAi(callModel, input, signal),
    writeSinglePost: (input, signal) => writeSinglePostWithAi(callModel, input, signal),
    testConnection: async (signal) => {
      await testCall({ system: 'You are a connection check.', prompt: 'Reply with the single word OK.', json: false, signal });
    },
  };
}

/** `{ timeoutMs: undefined }` must not override a default. */
function definedOnly(options: WriterOptions): Partial<typeof AI_DEFAULTS> {
  return Object.fromEntries(Object.entries(options).filter(([, value]) => value !== undefined));
}
