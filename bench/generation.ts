/**
 * bench:generation — writing a month through the real server and the local OpenAI-compatible test
 * server with a simulated model speed, the way a user and a second tab following the job see it.
 *
 *   npm run bench:generation [-- --tokens-per-second 40 --first-token-ms 500 --post-chars 160
 *                                 --concurrency 7 --runs 3 --durable-queue]
 *
 * With TEST_DB=postgres and --durable-queue, jobs go through pg-boss as on a PostgreSQL deployment
 * (woken at once when queued; its poll at the default 2 s) instead of this process's queue.
 *
 * For a month at 3 and at 7 posts a week it measures the time until the first words of the first
 * post are readable (its draft while the model writes it, or a post), until the first post is saved
 * and visible to a following client (Server-Sent Events, as the web app follows a job) and until the
 * month is complete, for the baseline (the spec's design: one request for the whole month, saved
 * when the reply is complete) and for the batched, streamed writer, plus the tokens each costs; the
 * same for the built-in writer (no AI configured); and what one draft write costs the database.
 */
import { daysInMonth, parseMonthId } from '@shared/domain/months';
import { currentMonth, nextMonth } from '@shared/domain/months';
import type { GenerationProgress } from '@shared/schemas/generation';
import { createJobRepository } from '@server/modules/generation/job-repository';
import { createFactories } from '@testing/factories';
import { DEFAULT_STRATEGY, type Strategy } from '@shared/schemas/strategy';
import type { WriterOptions } from '@server/ai/writer';
import { startFakeOpenAI, type FakeOpenAI } from '@testing/fake-openai-server';
import { onboardedClient, TEST_PASSWORD, TestClient, read } from '@testing/test-client';
import { startTestServer, type TestServer } from '@testing/test-server';
import { DRAFT_INTERVAL_MS } from '@server/modules/generation/draft-writer';
import { TEST_DB_KIND } from '@testing/test-database';
import { commandLine, flags, machine, median, ms, pass, ratio, seconds, table, writeSection } from './lib/report';

const options = flags({ tokensPerSecond: 40, firstTokenMs: 500, postChars: 160, concurrency: 7, runs: 3, durableQueue: false, write: true });
const durableQueue = options.durableQueue && TEST_DB_KIND === 'postgres';

const STRATEGY: Strategy = {
  ...DEFAULT_STRATEGY,
  contentTypes: ['Images', 'Carousels', 'Text only'],
  keyThemes: 'Winter tooth care, Holiday sweets, Family check-ups',
  selectedCTAs: ['Schedule Appointment', 'Learn More'],
  hashtags: 'SmileLeeds, KidsTeeth',
  additionalInstructions: 'Mention our Saturday clinic once.',
  useEmojis: false,
};

interface Variant {
  name: string;
  writer: WriterOptions;
  /** Faults the provider answers with first, once per run. */
  faults?: 'one-429';
  /** No AI configured: the built-in writer. */
  offline?: boolean;
}

const BASELINE: Variant = {
  name: 'baseline: one request for the month, saved when the reply ends',
  writer: { batchSize: 1000, concurrency: 1, streamPosts: false },
};
const BATCHED: Variant = { name: `batched (concurrency ${options.concurrency}) + streamed posts`, writer: { concurrency: options.concurrency } };
const OFFLINE: Variant = { name: 'built-in writer (no AI configured)', writer: {}, offline: true };
const WITH_429: Variant = { ...BATCHED, name: `${BATCHED.name}, provider answers 429 (Retry-After: 1) once`, faults: 'one-429' };

interface RunResult {
  /** The first post's first words readable: a whole word of its draft, or a post. */
  firstWordsMs: number;
  firstPostMs: number;
  completeMs: number;
  planned: number;
  saved: number;
}

interface VariantResult {
  variant: Variant;
  frequency: number;
  planned: number;
  runs: RunResult[];
  requests: number;
  promptTokens: number;
  completionTokens: number;
}

/** Follows a job over Server-Sent Events; resolves when it ends. Calls `onJob` for every progress event. */
async function follow(client: TestClient, jobId: string, onJob: (job: GenerationProgress) => void): Promise<GenerationProgress> {
  const response = await fetch(`${client.baseUrl}/api/generation-jobs/${jobId}/events`, {
    headers: { cookie: client.cookieHeader(), accept: 'text/event-stream' },
  });
  if (!response.ok || !response.body) throw new Error(`events: HTTP ${response.status}`);
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) throw new Error('the event stream ended before the job did');
    buffer += value;
    let end: number;
    while ((end = buffer.indexOf('\n\n')) >= 0) {
      const event = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const data = event.split('\n').find((line) => line.startsWith('data:'));
      if (!data) continue;
      const job = JSON.parse(data.slice(5).trim()) as GenerationProgress;
      onJob(job);
      if (job.status !== 'running') {
        await reader.cancel();
        return job;
      }
    }
  }
}

async function runOnce(url: string, frequency: number): Promise<RunResult> {
  const client = await onboardedClient(url);
  const workspace = (await read(client.api.workspace.$get())).body;
  // The active month with the most days, so 7 posts a week fills 30 or 31 slots.
  const monthId = [...workspace.active].sort((a, b) => daysInMonth(parseMonthId(b.id)!) - daysInMonth(parseMonthId(a.id)!))[0]!.id;
  // The following client: the same user in another browser (its own session).
  const follower = new TestClient(url);
  const me = (await read(client.api.me.$get())).body.user;
  const signIn = await follower.signIn(me.email, TEST_PASSWORD);
  if (signIn.status !== 200) throw new Error(`sign-in failed: ${signIn.status}`);

  const started = performance.now();
  const start = await read(
    client.api.months[':id'].generation.$post({ param: { id: monthId }, json: { strategy: { ...STRATEGY, postFrequency: frequency } } }),
  );
  if (start.status !== 202) throw new Error(`generation start: HTTP ${start.status} ${JSON.stringify(start.body)}`);
  let firstPostMs = Number.NaN;
  let firstWordsMs = Number.NaN;
  const job = await follow(follower, start.body.job.id, (progress) => {
    const now = performance.now() - started;
    const posted = progress.written > 0 || progress.status === 'succeeded';
    if (Number.isNaN(firstWordsMs) && (posted || /\S+\s/.test(progress.draft?.content ?? ''))) firstWordsMs = now;
    if (Number.isNaN(firstPostMs) && posted) firstPostMs = now;
  });
  const completeMs = performance.now() - started;
  if (job.status !== 'succeeded') throw new Error(`job ${job.status}: ${job.error}`);
  const month = (await read(follower.api.months[':id'].$get({ param: { id: monthId } }))).body;
  return { firstWordsMs, firstPostMs, completeMs, planned: job.planned, saved: month.posts.length };
}

async function measure(variant: Variant, frequency: number): Promise<VariantResult> {
  const fake: FakeOpenAI = await startFakeOpenAI({ delayMs: options.firstTokenMs, tokensPerSecond: options.tokensPerSecond, postChars: options.postChars });
  const ai: Record<string, string> = variant.offline ? {} : { AI_BASE_URL: fake.url, AI_MODEL: 'bench-model', AI_API_KEY: 'bench-key' };
  const server = await startTestServer({ ...ai, LOG_LEVEL: 'warn' }, variant.writer, { durableQueue });
  try {
    const runs: RunResult[] = [];
    for (let run = 0; run < options.runs; run++) {
      if (variant.faults === 'one-429') fake.script({ next: ['status-429'] });
      runs.push(await runOnce(server.url, frequency));
      process.stdout.write('.');
    }
    const answered = fake.requests.filter((request) => request.usage);
    return {
      variant,
      frequency,
      planned: runs[0]!.planned,
      runs,
      requests: fake.requests.length / options.runs,
      promptTokens: answered.reduce((sum, request) => sum + request.usage!.promptTokens, 0) / options.runs,
      completionTokens: answered.reduce((sum, request) => sum + request.usage!.completionTokens, 0) / options.runs,
    };
  } finally {
    await server.close();
    await fake.close();
  }
}

/**
 * What one draft write costs: the UPDATE of the job's row, and the progress read every follower makes
 * on the news of it (medians of `count`, on the benchmark's database).
 */
async function measureDraftWrites(count = 200): Promise<{ writeMs: number; readMs: number }> {
  const server: TestServer = await startTestServer({ LOG_LEVEL: 'warn' });
  try {
    const client = await onboardedClient(server.url);
    await read(client.api.workspace.$get());
    const job = await createFactories(server.database.db).job(client.userId, nextMonth(currentMonth(new Date(), 'UTC')), {
      status: 'running',
      finishedAt: null,
      leaseUntil: '2999-01-01T00:00:00.000Z',
      leaseOwner: 'bench',
    });
    const jobs = createJobRepository(server.database.db);
    const writes: number[] = [];
    const reads: number[] = [];
    for (let i = 0; i < count; i++) {
      const draft = { date: '2030-05-01T12:00:00.000Z', platform: 'linkedin' as const, content: 'Winter is here and so are we. '.repeat(1 + (i % 5)) };
      let at = performance.now();
      await jobs.saveDraft(job.id, 'bench', draft);
      writes.push(performance.now() - at);
      at = performance.now();
      await server.services.generation.progress(client.userId, job.id);
      reads.push(performance.now() - at);
    }
    return { writeMs: median(writes), readMs: median(reads) };
  } finally {
    await server.close();
  }
}

async function main() {
  const command = commandLine('bench:generation');
  console.log(
    `bench:generation: ${options.tokensPerSecond} output tokens/s per request, ${options.firstTokenMs} ms to the first token, posts of ~${options.postChars} characters, ${options.runs} runs each`,
  );
  const results: VariantResult[] = [];
  for (const frequency of [3, 7]) {
    for (const variant of [BASELINE, BATCHED, ...(frequency === 7 ? [WITH_429, OFFLINE] : [])]) {
      process.stdout.write(`${frequency}/week, ${variant.name} `);
      results.push(await measure(variant, frequency));
      const last = results[results.length - 1]!;
      console.log(
        ` first words ${seconds(median(last.runs.map((run) => run.firstWordsMs)))}, first post ${seconds(median(last.runs.map((run) => run.firstPostMs)))}, complete ${seconds(median(last.runs.map((run) => run.completeMs)))}`,
      );
    }
  }

  const drafts = await measureDraftWrites();
  const find = (frequency: number, variant: Variant) => results.find((result) => result.frequency === frequency && result.variant === variant)!;
  const total = (result: VariantResult) => result.promptTokens + result.completionTokens;
  const rows = results.map((result) => {
    const baseline = find(result.frequency, BASELINE);
    const complete = median(result.runs.map((run) => run.completeMs));
    return [
      `${result.frequency}/week (${result.planned} posts)`,
      result.variant.name,
      result.requests.toFixed(0),
      seconds(median(result.runs.map((run) => run.firstWordsMs))),
      seconds(median(result.runs.map((run) => run.firstPostMs))),
      seconds(complete),
      result.variant.offline ? '-' : ratio(median(baseline.runs.map((run) => run.completeMs)) / complete),
      result.variant.offline ? '-' : `${Math.round(result.promptTokens)} + ${Math.round(result.completionTokens)} = ${Math.round(total(result))}`,
      result.variant.offline ? '-' : ratio(total(result) / total(baseline)),
      result.runs.every((run) => run.saved === run.planned) ? 'all' : result.runs.map((run) => `${run.saved}/${run.planned}`).join(', '),
    ];
  });
  const resultsTable = table(
    [
      'month',
      'design',
      'requests',
      'first words readable (median)',
      'first post visible (median)',
      'month complete (median)',
      'sooner than baseline',
      'tokens: prompt + completion',
      'tokens vs baseline',
      'posts saved',
    ],
    rows,
  );

  const firstPost = [3, 7].map((frequency) => median(find(frequency, BATCHED).runs.map((run) => run.firstPostMs)));
  const firstWords = [3, 7].map((frequency) => median(find(frequency, BATCHED).runs.map((run) => run.firstWordsMs)));
  const offlineWords = median(find(7, OFFLINE).runs.map((run) => run.firstWordsMs));
  const speedup = median(find(7, BASELINE).runs.map((run) => run.completeMs)) / median(find(7, BATCHED).runs.map((run) => run.completeMs));
  const tokenRatios = [3, 7].map((frequency) => total(find(frequency, BATCHED)) / total(find(frequency, BASELINE)));
  const targets = table(
    ['target', 'measured', 'result'],
    [
      ['first words readable in under 1 s (3/week; 7/week)', firstWords.map(seconds).join('; '), pass(firstWords.every((value) => value < 1000))],
      ['first words in under 1 s with the built-in writer (7/week)', seconds(offlineWords), pass(offlineWords < 1000)],
      ['first post visible in under 3 s (3/week; 7/week)', firstPost.map(seconds).join('; '), pass(firstPost.every((value) => value < 3000))],
      ['7/week month complete at least 5x sooner than the baseline (issue 32; 3x before)', ratio(speedup), pass(speedup >= 5)],
      ['tokens per month at most 1.3x the baseline (3/week; 7/week)', tokenRatios.map(ratio).join('; '), pass(tokenRatios.every((value) => value <= 1.3))],
    ],
  );
  const settings = `Simulated model: ${options.tokensPerSecond} output tokens/s per request, ${options.firstTokenMs} ms to the first token, posts of about ${options.postChars} characters of text (the fake server counts 4 characters a token). Database: ${TEST_DB_KIND === 'postgres' ? 'PostgreSQL' : 'SQLite'}, jobs ${durableQueue ? 'on pg-boss (woken when queued)' : 'on the in-process queue'}. Medians of ${options.runs} runs per row; each run is a new user generating the active month with the most days, followed by a second signed-in client over Server-Sent Events.`;
  const draftCost = `One draft write (UPDATE of the job's row) ${ms(drafts.writeMs, 2)} and the progress read each follower then makes ${ms(drafts.readMs, 2)}, medians of 200 on ${TEST_DB_KIND === 'postgres' ? 'PostgreSQL' : 'SQLite'} (\`TEST_DB\`); a running job writes its draft at most every ${DRAFT_INTERVAL_MS} ms, only until its first post is complete.`;
  const markdown = [machine(command), '', settings, '', targets, '', resultsTable, '', draftCost].join('\n');
  console.log(`\n${targets}\n\n${resultsTable}\n\n${draftCost}`);
  if (options.write) writeSection('generation', markdown);
}

await main();
