/**
 * Writes a month with the AI: slots in batches (default 7) with a concurrency limit (default 4).
 * Each batch's valid posts are reported as soon as they arrive; slots that came back missing or
 * invalid are asked for once more in a follow-up request, then reported as problems and left null.
 * One failing batch does not sink the month; the month fails only when no post at all was written.
 */
import type { PostSlot } from '../../../shared/domain/slot-planner';
import type { WrittenPost } from '../../../shared/schemas/post';
import type { CallModel } from '../call-model';
import { MESSAGES, WriterError } from '../errors';
import { parseJsonReply } from '../json-reply';
import type { WriteMonthOptions, WriteMonthResult, WriterContext } from '../writer';
import { buildMonthPrompt, MONTH_SYSTEM_PROMPT } from './prompt';
import { describeProblem, readMonthReply } from './schema';

export interface MonthPlanSettings {
  batchSize: number;
  concurrency: number;
}

/** Runs `work` over items with at most `limit` in flight; waits for all of them to settle. */
async function runLimited<T>(items: T[], limit: number, work: (item: T, index: number) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      await work(items[index]!, index);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, worker));
}

function chunk<T>(items: T[], size: number): T[][] {
  const chunks: T[][] = [];
  for (let i = 0; i < items.length; i += size) chunks.push(items.slice(i, i + size));
  return chunks;
}

export async function writeMonthPlan(
  callModel: CallModel,
  settings: MonthPlanSettings,
  context: WriterContext,
  slots: PostSlot[],
  options: WriteMonthOptions = {},
): Promise<WriteMonthResult> {
  const posts: (WrittenPost | null)[] = slots.map(() => null);
  const reasons = new Map<number, string>();
  const failures: WriterError[] = [];
  // Cancels the other batches when the caller aborts.
  const stop = new AbortController();
  const signal = options.signal ? AbortSignal.any([options.signal, stop.signal]) : stop.signal;
  const batches = chunk(slots.map((_slot, index) => index), Math.max(1, settings.batchSize));

  const writeBatch = async (batch: number[], batchIndex: number) => {
    let pending = batch;
    for (let round = 0; round < 2 && pending.length > 0 && !signal.aborted; round++) {
      const batchSlots = pending.map((index) => slots[index]!);
      const previousProblems = round === 0 ? undefined : pending.map((index) => describeProblem(slots[index]!, reasons.get(index) ?? 'it was missing'));
      let reply: unknown;
      try {
        const answer = await callModel({
          system: MONTH_SYSTEM_PROMPT,
          prompt: buildMonthPrompt(context, batchSlots, { part: batchIndex + 1, parts: batches.length, previousProblems }),
          json: true,
          signal,
        });
        reply = parseJsonReply(answer.text);
      } catch (error) {
        // Not JSON: ask again once like any other bad answer; other errors end the batch.
        if (!(error instanceof WriterError) || error.reason !== 'invalid_reply') throw error;
        for (const index of pending) reasons.set(index, 'the AI provider answered with something that is not valid JSON');
        if (round === 1) throw error;
        continue;
      }
      const outcomes = readMonthReply(reply, batchSlots);
      const written: WrittenPost[] = [];
      const writtenIndexes: number[] = [];
      const stillPending: number[] = [];
      outcomes.forEach((outcome, k) => {
        const index = pending[k]!;
        if ('post' in outcome) {
          posts[index] = outcome.post;
          written.push(outcome.post);
          writtenIndexes.push(index);
        } else {
          reasons.set(index, outcome.problem);
          stillPending.push(index);
        }
      });
      if (written.length > 0 && !signal.aborted) options.onPosts?.(written, writtenIndexes);
      pending = stillPending;
    }
  };

  await runLimited(batches, settings.concurrency, async (batch, batchIndex) => {
    if (signal.aborted) return;
    try {
      await writeBatch(batch, batchIndex);
    } catch (error) {
      const writerError = error instanceof WriterError ? error : new WriterError('The AI provider failed to answer.', 'provider_error', { cause: error });
      if (writerError.reason === 'aborted') stop.abort();
      failures.push(writerError);
      for (const index of batch) if (posts[index] === null) reasons.set(index, writerError.message.replace(/\.$/, ''));
    }
  });

  if (options.signal?.aborted) throw new WriterError(MESSAGES.aborted, 'aborted');
  const aborted = failures.find((failure) => failure.reason === 'aborted');
  if (aborted) throw aborted;
  if (failures.length > 0 && posts.every((post) => post === null)) throw failures[0]!;
  const problems = slots.flatMap((slot, index) => (posts[index] === null ? [describeProblem(slot, reasons.get(index) ?? 'it was missing')] : []));
  return { posts, problems };
}
