/**
 * Writes a month with the AI: the slots are split into a few batches written concurrently (default:
 * up to 7 requests at once, at most 10 slots each), and every post is validated and reported the
 * moment its JSON object is complete in the streamed reply, so the first posts appear seconds after
 * the start instead of when a whole reply is done. Slots that came back missing or invalid are asked
 * for once more in a follow-up request, then reported as problems and left null. One failing batch
 * does not sink the month; the month fails only when no post at all was written.
 */
import { PLATFORM_CHARACTER_LIMITS, PLATFORMS } from '@shared/domain/options';
import type { PostSlot } from '@shared/domain/slot-planner';
import type { WrittenPost } from '@shared/schemas/post';
import type { CallModel } from '../call-model';
import { MESSAGES, WriterError } from '../errors';
import { parseJsonReply } from '../json-reply';
import { fitToPlatform } from '../platform-fit';
import { varyMonth } from '../variety';
import type { WriteMonthOptions, WriteMonthResult, WriterContext } from '../writer';
import { readOpenPost, wholeWords } from './draft';
import { PostStreamExtractor } from './post-stream';
import { buildMonthPrompt, MONTH_SYSTEM_PROMPT, SLOTS_END, SLOTS_START } from './prompt';
import { describeProblem, readMonthReply, readPostForSlot, slotNumber } from './schema';

export interface MonthPlanSettings {
  /** Most slots in one request. */
  batchSize: number;
  /** Most requests in flight at once. */
  concurrency: number;
  /**
   * How much more prompt a month may cost for being split, as a share of the tokens of one request
   * for the whole month (default 0.3, the budget in docs/performance.md): every batch repeats the
   * shared part of the prompt.
   */
  maxPromptOverhead?: number;
  /** Save posts as they complete in the streamed reply (default); false waits for each whole reply. */
  streamPosts?: boolean;
}

/**
 * Output tokens a post is assumed to take when planning batches (the reply is not known yet): a
 * post of about 300 characters with its JSON fields, media prompt and hashtags.
 */
export const EXPECTED_POST_TOKENS = 100;

/** Fewer slots than this in a request would be mostly prompt: a month is not split finer. */
export const MIN_BATCH_SLOTS = 4;

/** About 4 characters a token for English text and JSON. */
export const estimateTokens = (text: string) => Math.ceil(text.length / 4);

export interface BatchPlanInput {
  slots: number;
  batchSize: number;
  concurrency: number;
  /** Tokens every request repeats (system prompt, profile, strategy, rules). */
  sharedTokens: number;
  /** Tokens each slot adds: its line in the prompt and its post in the reply. */
  slotTokens: number;
  maxPromptOverhead: number;
}

/**
 * How many batches to write a month in: as many as can run at once (more batches in flight = a
 * sooner finish), unless the repeated prompt would cost more than `maxPromptOverhead` of a single
 * request or batches would get smaller than MIN_BATCH_SLOTS; never fewer than `batchSize` allows.
 */
export function planBatchCount(input: BatchPlanInput): number {
  if (input.slots <= 0) return 0;
  const fewest = Math.ceil(input.slots / Math.max(1, input.batchSize));
  const single = input.sharedTokens + input.slots * input.slotTokens;
  const affordable = 1 + Math.floor((input.maxPromptOverhead * single) / Math.max(1, input.sharedTokens));
  const worthwhile = Math.max(1, Math.floor(input.slots / MIN_BATCH_SLOTS));
  return Math.max(fewest, Math.min(Math.max(1, input.concurrency), affordable, worthwhile));
}

/** `items` in `count` consecutive runs whose lengths differ by at most one, longer runs first. */
export function splitEvenly<T>(items: T[], count: number): T[][] {
  const runs: T[][] = [];
  let start = 0;
  for (let i = 0; i < count; i++) {
    const size = Math.floor(items.length / count) + (i < items.length % count ? 1 : 0);
    runs.push(items.slice(start, start + size));
    start += size;
  }
  return runs.filter((run) => run.length > 0);
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

function planBatches(settings: MonthPlanSettings, context: WriterContext, slots: PostSlot[]): number[][] {
  // What every batch repeats: the whole prompt but its slot list (the limits of every network here).
  const prompt = buildMonthPrompt(context, slots, { part: 1, parts: 2 });
  const slotList = prompt.indexOf(SLOTS_END) - prompt.indexOf(SLOTS_START);
  const count = planBatchCount({
    slots: slots.length,
    batchSize: settings.batchSize,
    concurrency: settings.concurrency,
    sharedTokens: estimateTokens(MONTH_SYSTEM_PROMPT) + estimateTokens(prompt) - Math.floor(slotList / 4),
    slotTokens: slotList / 4 / Math.max(1, slots.length) + EXPECTED_POST_TOKENS,
    maxPromptOverhead: settings.maxPromptOverhead ?? 0.3,
  });
  const indexes = slots.map((_slot, index) => index);
  if (count <= 1) return splitEvenly(indexes, count);
  // A batch of one or two networks carries only their limits and hashtag habits: less repeated prompt.
  const byNetwork = [...indexes].sort((a, b) => PLATFORMS.indexOf(slots[a]!.platform) - PLATFORMS.indexOf(slots[b]!.platform) || a - b);
  return splitEvenly(byNetwork, count);
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
  /** Posts that were right but for their length: asked for again with the limit, else shortened here. */
  const overLong = new Map<number, WrittenPost>();
  const shortened = new Set<number>();
  const failures: WriterError[] = [];
  // Cancels the other batches when the caller aborts.
  const stop = new AbortController();
  const signal = options.signal ? AbortSignal.any([options.signal, stop.signal]) : stop.signal;
  const batches = planBatches(settings, context, slots);

  /** The batch whose first post is shown as a draft (the first to write text); none once a post is complete. */
  let draft: { batch: number; content: string } | 'done' | undefined = options.onDraft ? undefined : 'done';

  /** Saves the posts that are valid for their slots and tells the caller; returns the slots it filled. */
  const accept = (entries: { index: number; post: WrittenPost }[]) => {
    const fresh = entries.filter((entry) => posts[entry.index] === null);
    if (fresh.length > 0) draft = 'done';
    for (const entry of fresh) posts[entry.index] = entry.post;
    if (fresh.length > 0 && !signal.aborted) {
      options.onPosts?.(
        fresh.map((entry) => entry.post),
        fresh.map((entry) => entry.index),
      );
    }
  };

  /** Over-long posts the model did not shorten: cut here at a sentence boundary. */
  const shortenLeftovers = (batch: number[]) => {
    const ready: { index: number; post: WrittenPost }[] = [];
    for (const index of batch) {
      const candidate = overLong.get(index);
      if (posts[index] !== null || candidate === undefined) continue;
      ready.push({ index, post: fitToPlatform(candidate).post });
      shortened.add(index);
    }
    accept(ready);
  };

  /** Hands the text so far of the post a batch is writing to `onDraft`, while no post is complete. */
  const showDraft = (batchIndex: number, extractor: PostStreamExtractor, asked: number[], completed: number) => {
    if (draft === 'done' || (draft && draft.batch !== batchIndex) || signal.aborted) return;
    const open = extractor.openPost();
    const read = open === null ? null : readOpenPost(open);
    // Whole words only: the first one is shown the moment it is complete, never half a word.
    const content = wholeWords(read?.content ?? '');
    if (!read || content === '' || content === draft?.content) return;
    // The slot it names, else the next in order (what the full reply would assign it).
    const number = read.slot !== undefined && read.slot >= 1 && read.slot <= asked.length ? read.slot : Math.min(completed + 1, asked.length);
    draft = { batch: batchIndex, content };
    options.onDraft?.(asked[number - 1]!, content);
  };

  const writeBatch = async (batch: number[], batchIndex: number) => {
    try {
      await writeRounds(batch, batchIndex);
    } finally {
      if (!signal.aborted) shortenLeftovers(batch);
    }
  };

  const writeRounds = async (batch: number[], batchIndex: number) => {
    let pending = batch;
    for (let round = 0; round < 2 && pending.length > 0 && !signal.aborted; round++) {
      const asked = pending;
      const batchSlots = asked.map((index) => slots[index]!);
      const previousProblems = round === 0 ? undefined : asked.map((index) => describeProblem(slots[index]!, reasons.get(index) ?? 'it was missing'));
      // Posts are taken from the reply while it streams: an item whose slot number is the first of
      // its kind is the one the full reply assigns to that slot (see readMonthReply), so a valid
      // one can be saved at once; everything else waits for the complete reply.
      const extractor = new PostStreamExtractor();
      let numbersSeen = new Set<number>();
      let streamed = false;
      const onText = (delta: string, restart: boolean) => {
        streamed = true;
        if (restart) {
          extractor.reset();
          numbersSeen = new Set();
        }
        const ready: { index: number; post: WrittenPost }[] = [];
        for (const item of extractor.push(delta)) {
          const number = slotNumber(item);
          if (number === undefined || number < 1 || number > asked.length || numbersSeen.has(number)) continue;
          numbersSeen.add(number);
          const outcome = readPostForSlot(item, batchSlots[number - 1]!);
          if ('post' in outcome) ready.push({ index: asked[number - 1]!, post: outcome.post });
        }
        accept(ready);
        showDraft(batchIndex, extractor, asked, numbersSeen.size);
      };
      let reply: unknown;
      try {
        const answer = await callModel({
          system: MONTH_SYSTEM_PROMPT,
          prompt: buildMonthPrompt(context, batchSlots, {
            part: batchIndex + 1,
            parts: batches.length,
            previousProblems,
            slotIndexes: asked,
            allSlots: slots,
            avoidOpenings: options.avoidOpenings,
          }),
          json: true,
          signal,
          ...(settings.streamPosts === false ? {} : { onText }),
        });
        reply = parseJsonReply(answer.text);
      } catch (error) {
        // Not JSON, or a reply cut off part-way (its posts that arrived are saved): ask again once for
        // the slots still empty, like any other bad answer. Other errors end the batch.
        const cutOff = streamed && error instanceof WriterError && error.reason !== 'aborted';
        if (!(error instanceof WriterError) || (error.reason !== 'invalid_reply' && !cutOff)) throw error;
        pending = asked.filter((index) => posts[index] === null);
        for (const index of pending)
          reasons.set(
            index,
            error.reason === 'invalid_reply' ? 'the AI provider answered with something that is not valid JSON' : error.message.replace(/\.$/, ''),
          );
        if (round === 1 && pending.length > 0) throw error;
        continue;
      }
      const ready: { index: number; post: WrittenPost }[] = [];
      const stillPending: number[] = [];
      readMonthReply(reply, batchSlots).forEach((outcome, k) => {
        const index = asked[k]!;
        if (posts[index] !== null) return; // saved while streaming
        if ('post' in outcome) ready.push({ index, post: outcome.post });
        else {
          const limit = PLATFORM_CHARACTER_LIMITS[slots[index]!.platform];
          if (outcome.overLong) overLong.set(index, outcome.overLong);
          reasons.set(index, outcome.overLong ? `${outcome.problem}; write it again within ${limit} characters` : outcome.problem);
          stillPending.push(index);
        }
      });
      accept(ready);
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
  return { posts: varyMonth(posts, options.avoidOpenings ?? [], shortened), problems, shortened: [...shortened].sort((a, b) => a - b) };
}
