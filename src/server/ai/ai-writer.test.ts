import { describe, expect, it } from 'vitest';
import { planSlots } from '@shared/domain/slot-planner';
import { NETWORKS, PLATFORMS } from '@shared/networks';
import { expectPostForSlot, fakeAiWriter, testProfile as profile, testStrategy as strategy, writerErrorOf as writerError } from '@testing/ai-fixtures';
import { startFakeOpenAI } from '@testing/fake-openai-server';
import { useFakeOpenAI } from '@testing/use-fake-openai';
import { readSlotsFromPrompt } from './month-plan/prompt';
import type { Writer, WriterOptions } from './writer';

const context = { profile, strategy, year: 2026, month: 12 };
const slots = planSlots({ year: 2026, month: 12, strategy });

const fake = useFakeOpenAI({ always: 'ok', delayMs: 0, tokensPerSecond: 0 });

const writer = (options: WriterOptions = {}, url = fake().url): Writer => fakeAiWriter(url, options);

/** Waits for a state of the fake; the deadline only turns a missing state into a clear failure. */
async function until(done: () => boolean, what: string): Promise<void> {
  for (const deadline = Date.now() + 4000; !done(); await new Promise((resolve) => setTimeout(resolve, 10))) {
    if (Date.now() > deadline) throw new Error(`never reached: ${what}`);
  }
}

describe('AI writer: month', () => {
  it('writes a valid post for every slot', async () => {
    const ai = writer();
    expect(ai.kind).toBe('ai');
    expect(ai.label).toBe('Fake AI fake-model');
    const result = await ai.writeMonth(context, slots);
    expect(result.problems).toEqual([]);
    expect(result.posts).toHaveLength(slots.length);
    result.posts.forEach((post, i) => expectPostForSlot(post, slots[i]!));
    expect(result.posts[0]!.hashtags).toEqual(['#fake', '#Test']);
  });

  it('sends the profile, the month, the slots and every strategy field, as text or on the slots, asking for JSON', async () => {
    await writer().writeMonth(context, slots.slice(0, 7));
    const request = fake().requests[0]!;
    expect(request.headers.authorization).toBe('Bearer test-key');
    expect(request.body.model).toBe('fake-model');
    expect(request.body.response_format).toEqual({ type: 'json_object' });
    expect(request.body.stream).toBe(true);
    const prompt = request.prompt;
    for (const text of [
      'December 2026',
      'Bright Smile Dental',
      'dental',
      'conversational',
      'professional',
      'Busy parents in Leeds',
      'Brand Awareness',
      'Customer Engagement',
      'A family dental practice in Leeds with late opening hours.',
      'Emojis: none.',
      '#SmileLeeds, #KidsTeeth',
      'Mention our Saturday clinic once.',
    ]) {
      expect(prompt).toContain(text);
    }
    // Posts a week, preferred days, content types, key themes and calls to action are on the slots
    // (holidays too: the next test); the prompt does not repeat them as text.
    const promptSlots = readSlotsFromPrompt(prompt)!;
    expect(promptSlots.map((slot) => slot.weekday)).toEqual(
      slots.slice(0, 7).map((slot) => new Date(slot.date).toLocaleDateString('en-US', { weekday: 'long', timeZone: 'UTC' })),
    );
    expect(promptSlots.map((slot) => slot.weekday)).toEqual(expect.arrayContaining(['Tuesday', 'Thursday']));
    expect(new Set(promptSlots.map((slot) => slot.type))).toEqual(new Set(['image', 'carousel']));
    expect(promptSlots.map((slot) => slot.theme)).toEqual([
      'Winter tooth care',
      'Holiday sweets',
      'Winter tooth care',
      'Holiday sweets',
      'Winter tooth care',
      'Holiday sweets',
      'Winter tooth care',
    ]);
    expect(promptSlots.map((slot) => slot.cta)).toEqual([
      'Schedule Appointment',
      'Learn More',
      'Schedule Appointment',
      'Learn More',
      'Schedule Appointment',
      'Learn More',
      'Schedule Appointment',
    ]);
    expect(prompt).not.toContain('Preferred days');
    expect(readSlotsFromPrompt(prompt)!.map((slot) => [slot.slot, `${slot.date}T12:00:00Z`, slot.platform, slot.type, slot.holiday ?? undefined])).toEqual(
      slots.slice(0, 7).map((slot, i) => [i + 1, slot.date, slot.platform, slot.type, slot.holiday]),
    );
  });

  it('carries the holiday of a slot into the prompt', async () => {
    const holidaySlot = slots.find((slot) => slot.holiday)!;
    await writer().writeMonth(context, [holidaySlot]);
    expect(readSlotsFromPrompt(fake().requests[0]!.prompt)![0]!.holiday).toBe('Christmas Day');
  });

  it('writes in batches and reports each batch as soon as it is done', async () => {
    fake().script({ delayMs: 50 });
    const reports: { indexes: number[]; requestsSoFar: number }[] = [];
    const result = await writer({ batchSize: 5, concurrency: 1 }).writeMonth(context, slots, {
      onPosts: (posts, indexes) => {
        expect(posts).toHaveLength(indexes.length);
        posts.forEach((post, k) => expectPostForSlot(post, slots[indexes[k]!]!));
        reports.push({ indexes, requestsSoFar: fake().requests.length });
      },
    });
    expect(fake().requests).toHaveLength(Math.ceil(slots.length / 5));
    expect(reports.flatMap((report) => report.indexes).sort((a, b) => a - b)).toEqual(slots.map((_slot, i) => i));
    expect(reports[0]!.requestsSoFar).toBe(1); // reported before the next batch was even sent
    expect(result.posts.every(Boolean)).toBe(true);
  });

  it('has as many requests in flight at once as the concurrency allows', async () => {
    // No request is ever answered, so the four can only be there at once.
    fake().script({ always: 'hang' });
    const controller = new AbortController();
    const writing = writerError(writer({ batchSize: 4, concurrency: 4 }).writeMonth(context, slots, { signal: controller.signal }));
    await until(() => fake().requests.length === 4, 'four requests in flight');
    expect(fake().unanswered()).toBe(4);
    controller.abort();
    expect((await writing).reason).toBe('aborted');
  });

  it('never has more requests in flight than the concurrency allows', async () => {
    fake().script({ tokensPerSecond: 200 });
    const result = await writer({ batchSize: 4, concurrency: 2 }).writeMonth(context, slots);
    expect(result.problems).toEqual([]);
    expect(fake().requests).toHaveLength(4);
    expect(Math.max(...fake().requests.map((request) => request.inFlightAtArrival))).toBeLessThanOrEqual(2);
  });

  it('treats a reply without a posts list as empty: asks once more, then reports every slot', async () => {
    fake().script({ always: 'missing-posts' });
    const result = await writer().writeMonth(context, slots.slice(0, 3));
    expect(result.posts).toEqual([null, null, null]);
    expect(result.problems).toHaveLength(3);
    expect(result.problems[0]).toMatch(/^The Facebook post for .* could not be written: the AI provider did not write it\.$/);
    expect(fake().requests).toHaveLength(2);
  });

  it('fails with invalid_reply when the answer is not JSON, after asking once more', async () => {
    fake().script({ always: 'malformed-json' });
    const error = await writerError(writer().writeMonth(context, slots.slice(0, 3)));
    expect(error.reason).toBe('invalid_reply');
    expect(error.message).toBe('The AI provider answered with something that is not valid JSON.');
    expect(fake().requests).toHaveLength(2);
  });

  it('recovers when only the first answer is not JSON, and reads fenced JSON', async () => {
    fake().script({ next: ['malformed-json', 'fenced-json'] });
    const result = await writer().writeMonth(context, slots.slice(0, 3));
    expect(result.problems).toEqual([]);
    result.posts.forEach((post, i) => expectPostForSlot(post, slots[i]!));
  });

  // The slot owns the date: a post echoed for the slot's day in another format, or for another day
  // altogether, is saved on its slot's noon-UTC date, in the first request.
  it('corrects every echoed date from its slot, whatever day the model names', async () => {
    fake().script({ always: 'wrong-dates' });
    const four = slots.slice(0, 4);
    const result = await writer().writeMonth(context, four);
    result.posts.forEach((post, i) => expectPostForSlot(post, four[i]!));
    expect(result.problems).toEqual([]);
    expect(fake().requests).toHaveLength(1);
  });

  it('fills posts with a wrong date in the follow-up request', async () => {
    fake().script({ next: ['wrong-dates'] });
    const result = await writer().writeMonth(context, slots.slice(0, 4));
    expect(result.problems).toEqual([]);
    result.posts.forEach((post, i) => expectPostForSlot(post, slots[i]!));
  });

  it('retries an invalid post once, then reports it and keeps the valid ones', async () => {
    fake().script({ always: 'invalid-post' });
    const result = await writer().writeMonth(context, slots.slice(0, 3));
    expect(fake().requests).toHaveLength(2);
    expect(readSlotsFromPrompt(fake().requests[1]!.prompt)).toHaveLength(1);
    expect(result.posts[0]).toBeNull();
    expectPostForSlot(result.posts[1]!, slots[1]!);
    expectPostForSlot(result.posts[2]!, slots[2]!);
    expect(result.problems).toEqual([expect.stringContaining('Post text cannot be empty.')]);
  });

  it('maps a persistent 500 to provider_error after the retries', async () => {
    fake().script({ always: 'status-500' });
    const error = await writerError(writer({ maxRetries: 2 }).writeMonth(context, slots.slice(0, 3)));
    expect(error.reason).toBe('provider_error');
    expect(error.message).toBe('The AI provider had an internal error (HTTP 500). Please try again later.');
    expect(fake().requests).toHaveLength(3);
  });

  it('recovers from one 500 by retrying', async () => {
    fake().script({ next: ['status-500'] });
    const result = await writer().writeMonth(context, slots.slice(0, 3));
    expect(result.problems).toEqual([]);
    expect(fake().requests).toHaveLength(2);
  });

  it('maps 429 to rate_limited after waiting Retry-After before the retry', async () => {
    fake().script({ always: 'status-429' });
    const error = await writerError(writer({ maxRetries: 1 }).writeMonth(context, slots.slice(0, 2)));
    expect(error.reason).toBe('rate_limited');
    expect(error.message).toBe('The AI provider is rate limiting requests. Please try again in a minute.');
    expect(fake().requests).toHaveLength(2);
    // Retry-After: 1 (a lower bound: a slow machine only makes the gap longer).
    expect(fake().requests[1]!.at - fake().requests[0]!.at).toBeGreaterThanOrEqual(990);
  });

  it('times out a provider that never answers, without retrying', async () => {
    fake().script({ always: 'hang' });
    const error = await writerError(writer({ timeoutMs: 500 }).writeMonth(context, slots.slice(0, 2)));
    expect(error.reason).toBe('timeout');
    expect(error.message).toBe('The AI provider did not answer within 0.5 seconds.');
    expect(fake().requests).toHaveLength(1);
  });

  it('stops when the caller aborts', async () => {
    fake().script({ always: 'hang' });
    const controller = new AbortController();
    const writing = writerError(writer().writeMonth(context, slots.slice(0, 3), { signal: controller.signal }));
    await until(() => fake().requests.length === 1, 'the request in flight');
    controller.abort();
    expect((await writing).reason).toBe('aborted');
  });

  it('falls back to prompt-only JSON when the server rejects response_format', async () => {
    fake().script({ always: 'no-json-mode' });
    const ai = writer();
    const result = await ai.writeMonth(context, slots.slice(0, 2));
    expect(result.problems).toEqual([]);
    expect(fake().requests.map((request) => request.body.response_format)).toEqual([{ type: 'json_object' }, undefined]);
    await ai.writeMonth(context, slots.slice(0, 2));
    expect(fake().requests[2]!.body.response_format).toBeUndefined(); // remembered
  });

  it('reports an unreachable provider as provider_error', async () => {
    const gone = await startFakeOpenAI();
    await gone.close();
    const error = await writerError(writer({ maxRetries: 0 }, gone.url).writeMonth(context, slots.slice(0, 1)));
    expect(error.reason).toBe('provider_error');
    expect(error.message).toContain('could not be reached');
  });
});

describe('AI writer: month, streamed and concurrent', () => {
  it('saves each post as soon as it is complete in the streamed reply, not when the reply ends', async () => {
    // One request for 3 slots at 100 tokens/s: the reply takes about a second.
    fake().script({ tokensPerSecond: 100, postChars: 60 });
    const reports: { indexes: number[]; replyStillStreaming: boolean }[] = [];
    const result = await writer({ concurrency: 1 }).writeMonth(context, slots.slice(0, 3), {
      onPosts: (_posts, indexes) => reports.push({ indexes, replyStillStreaming: fake().unanswered() === 1 }),
    });
    expect(fake().requests).toHaveLength(1);
    expect(result.problems).toEqual([]);
    expect(reports.map((report) => report.indexes)).toEqual([[0], [1], [2]]);
    // The order of events, not a share of the time: the first post came while the fake still wrote.
    expect(reports[0]!.replyStillStreaming).toBe(true);
  });

  it('splits a month into as many batches as run at once, of even size', async () => {
    const month = planSlots({ year: 2026, month: 12, strategy: { ...strategy, postFrequency: 7, preferredDays: [] } });
    expect(month).toHaveLength(31);
    const result = await writer({ concurrency: 4 }).writeMonth(context, month);
    expect(result.posts.every(Boolean)).toBe(true);
    expect(fake().requests.map((request) => readSlotsFromPrompt(request.prompt)!.length)).toEqual([8, 8, 8, 7]);
    // Slots of the same network go together (each prompt then carries the limits of its networks only).
    for (const request of fake().requests) {
      const networks = new Set(readSlotsFromPrompt(request.prompt)!.map((slot) => slot.platform));
      expect(networks.size).toBeLessThanOrEqual(2);
      for (const platform of PLATFORMS) expect(request.prompt.includes(`${platform} ${NETWORKS[platform].maxLength}:`)).toBe(networks.has(platform));
    }
    expect(result.posts.map((post) => post!.date)).toEqual(month.map((slot) => slot.date));
  });

  it('keeps posts saved while streaming when the rest of the reply is lost, and asks only for the rest', async () => {
    // The connection drops right after the second of five posts has streamed in.
    fake().script({ next: ['cut-after-2'] });
    const reports: number[][] = [];
    const result = await writer({ batchSize: 5, concurrency: 1, maxRetries: 1 }).writeMonth(context, slots.slice(0, 5), {
      onPosts: (_posts, indexes) => reports.push(indexes),
    });
    expect(fake().requests.map((request) => request.fault)).toEqual(['cut-after-2', 'ok']);
    expect(readSlotsFromPrompt(fake().requests[0]!.prompt)).toHaveLength(5);
    // The two posts that arrived were saved from the cut reply; only the other three were asked for again.
    expect(reports.flat().filter((index) => index < 2)).toEqual([0, 1]);
    expect(readSlotsFromPrompt(fake().requests[1]!.prompt)!.map((slot) => slot.date)).toEqual(slots.slice(2, 5).map((slot) => slot.date.slice(0, 10)));
    expect(reports.flat().sort()).toEqual([0, 1, 2, 3, 4]);
    expect(result.posts).toHaveLength(5);
    expect(result.problems).toEqual([]);
  });

  it('holds back the other batches while a 429 Retry-After runs', async () => {
    fake().script({ next: ['status-429'] });
    // Three single-slot batches, two at a time: the third starts only after the Retry-After (1 s)
    // that the first request was answered with (a lower bound: a slow machine only makes it longer).
    const result = await writer({ batchSize: 1, concurrency: 2, maxRetries: 1 }).writeMonth(context, slots.slice(0, 3));
    expect(result.problems).toEqual([]);
    expect(fake().requests).toHaveLength(4);
    expect(fake().requests[0]!.fault).toBe('status-429');
    expect(fake().requests[2]!.at - fake().requests[0]!.at).toBeGreaterThanOrEqual(990);
  });
});
