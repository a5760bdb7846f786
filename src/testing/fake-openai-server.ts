/**
 * A local OpenAI-compatible chat-completions server for tests and benchmarks. By default it answers
 * like a well-behaved model: it reads the slot list (or rewrite / single-post details) back from the
 * prompt and writes valid replies. Faults can be scripted for the next requests or for all of them.
 */
import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readSlotsFromPrompt, type PromptSlot } from '@server/ai/month-plan/prompt';
import { readRewritePrompt } from '@server/ai/rewrite-post/prompt';
import { readSinglePostPrompt, type SinglePostDetails } from '@server/ai/single-post/prompt';
import { answerImages, type ImageFault, type ImageRequestBody } from './fake-images-endpoint';

/**
 * What the next answer does. Month prompts: 'malformed-json' cuts the JSON off; 'fenced-json' wraps
 * valid JSON in chatter and a ```json fence; 'missing-posts' answers without a posts list;
 * 'wrong-dates' dates even posts right but as a bare YYYY-MM-DD and odd posts a day late;
 * 'invalid-post' gives the first post blank text (single post: the platform 'myspace'; rewrite: blank
 * text). Any prompt: 'status-500', 'status-429' (Retry-After: 1), 'no-json-mode' (400 when
 * response_format is sent), 'hang' (no answer until the client gives up or the server closes),
 * 'cut-after-2' (a streamed month reply whose connection drops right after its second post).
 * Habits of small local models (month prompts; the refusal also for any prompt):
 * 'no-structured-output' (422 naming the parameter when response_format is sent), 'echo-text-type'
 * (every post echoes type "text"), 'echo-wrong-fields' (every post echoes another day, platform and
 * type), 'think-first' (a <think> block with braces before the JSON), 'reasoning-content' (the
 * thinking streamed as reasoning_content first), 'trailing-commas', 'chatter' (words with braces and
 * brackets around unfenced JSON), 'over-long' (every post far over its platform's limit as X counts:
 * links and emoji, 40 hashtags), 'same-openings' (every post opens with the same five words).
 */
export type FakeFault =
  | 'ok'
  | 'malformed-json'
  | 'fenced-json'
  | 'missing-posts'
  | 'wrong-dates'
  | 'invalid-post'
  | 'status-500'
  | 'status-429'
  | 'no-json-mode'
  | 'hang'
  | 'cut-after-2'
  | 'no-structured-output'
  | 'echo-text-type'
  | 'echo-wrong-fields'
  | 'think-first'
  | 'reasoning-content'
  | 'trailing-commas'
  | 'chatter'
  | 'over-long'
  | 'same-openings'
  | ImageFault;

export interface FakeBehaviour {
  /** Faults for the next requests, one each, in order (added to the queue). */
  next?: FakeFault[];
  /** Fault for every request once the queue is empty; 'ok' restores normal answers. */
  always?: FakeFault;
  /** Wait before answering, in ms. */
  delayMs?: number;
  /** Speed of the answer in tokens (about 4 characters) per second, per request; 0 = as fast as possible. */
  tokensPerSecond?: number;
  /**
   * Length of each month post's text, for realistic reply sizes in benchmarks (capped below the
   * platform's limit); 0 = the short default text.
   */
  postChars?: number;
  /**
   * While set, replies stand still (before their first token, or mid-stream) until it is set false
   * again, so a test can act "while the model writes" without racing a timer: `true` holds every
   * reply, a list of tasks (e.g. `['month']`) only those.
   */
  hold?: boolean | FakeTask[];
  /** With `hold`, a streamed month reply first writes this many characters of its first post's text, then stands still. */
  holdAfterTextChars?: number;
}

export interface FakeOpenAIOptions extends Omit<FakeBehaviour, 'next'> {
  model?: string;
  /** The key the images endpoint expects (`Authorization: Bearer …`); any request passes when not given. */
  apiKey?: string;
}

/** 'image': POST /v1/images/generations (fake-images-endpoint.ts), whose faults are ImageFault's. */
export type FakeTask = 'month' | 'rewrite' | 'single' | 'other' | 'image';

export interface RecordedRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  /** The parsed JSON body as the client sent it. */
  body: { model?: string; stream?: boolean; response_format?: unknown; messages?: { role: string; content: unknown }[] } & Record<string, unknown>;
  /** All message texts joined, system first. */
  prompt: string;
  task: FakeTask;
  fault: FakeFault;
  /** When the request arrived (Date.now()). */
  at: number;
  /** Requests in `requests` not yet fully answered when this one arrived, itself included. */
  inFlightAtArrival: number;
  /** The fake has ended its answer (or the connection closed); set before the client can read the end. */
  answered: boolean;
  /** Token counts of the answer (about 4 characters a token), once it was sent; none for faults without an answer. */
  usage?: { promptTokens: number; completionTokens: number };
}

export interface FakeOpenAI {
  /** Base URL ending in /v1. */
  url: string;
  requests: RecordedRequest[];
  /** Requests in `requests` whose answer is not complete yet (hanging ones included). */
  unanswered: () => number;
  script: (behaviour: FakeBehaviour) => void;
  close: () => Promise<void>;
}

/** What a reasoning model streams as reasoning_content before its answer: braces and all. */
const THINKING = 'Thinking: the reply is {"posts": [ ... ]} with one post per slot, [checked].';

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const FILLER =
  'Our friendly team is here for the whole family, with late opening hours and a warm welcome for nervous patients. Book a visit this week and ask us anything. ';

/** Platform limits of the fake's long posts, kept apart from the app's so the fake stays a plain model. */
const FAKE_LIMITS: Record<string, number> = { twitter: 240, bluesky: 260, mastodon: 460 };

function fakePost(slot: PromptSlot, postChars: number) {
  const angle = `${slot.theme ? ` About ${slot.theme}.` : ''}${slot.cta ? ` ${slot.cta}.` : ''}`;
  let text = `Post ${slot.slot} for ${slot.platform} on ${slot.weekday} ${slot.date}${slot.holiday ? `: happy ${slot.holiday}!` : '.'}${angle} Come and see us.`;
  if (postChars > 0) {
    const length = Math.min(postChars, FAKE_LIMITS[slot.platform] ?? postChars);
    while (text.length < length) text += ` ${FILLER}`;
    text = text.slice(0, length).trimEnd();
  }
  // In the order the prompt's reply shape asks (slot, then the text), then the slot's fields echoed back.
  return {
    slot: slot.slot,
    content: text,
    mediaPrompt: slot.type === 'text' ? '' : `A bright ${slot.type} for ${slot.date}`,
    hashtags: ['#fake', 'Test'],
    date: `${slot.date}T12:00:00Z`,
    platform: slot.platform,
    type: slot.type,
  };
}

function nextDay(date: string): string {
  const day = new Date(`${date}T12:00:00Z`);
  day.setUTCDate(day.getUTCDate() + 1);
  return day.toISOString().slice(0, 10);
}

/** Characters of a `{"posts":[…]}` reply up to and including the closing brace of post `count`. */
function lengthThroughPost(content: string, count: number): number {
  const posts = (JSON.parse(content) as { posts: unknown[] }).posts.slice(0, count);
  return '{"posts":['.length + posts.map((post) => JSON.stringify(post)).join(',').length;
}

function monthAnswer(slots: PromptSlot[], fault: FakeFault, postChars: number): string {
  if (fault === 'malformed-json') return '{"posts": [{"slot": 1, "content": "cut off in the midd';
  if (fault === 'missing-posts') return JSON.stringify({ note: 'Here are some ideas instead.' });
  const posts = slots.map((slot, i) => {
    const post: Record<string, unknown> = fakePost(slot, postChars);
    if (fault === 'invalid-post' && i === 0) post.content = '   ';
    // Even posts: the right day in another format (to be corrected); odd posts: the next day (to be reported).
    if (fault === 'wrong-dates') post.date = i % 2 === 0 ? slot.date : `${nextDay(slot.date)}T12:00:00Z`;
    if (fault === 'echo-text-type') post.type = 'text';
    if (fault === 'echo-wrong-fields') Object.assign(post, { date: `${nextDay(slot.date)}T09:00:00Z`, platform: 'X (Twitter)', type: 'status update' });
    if (fault === 'over-long') Object.assign(post, overLongPost(slot));
    if (fault === 'same-openings') post.content = `We are so excited to share ${String(post.content)}`;
    return post;
  });
  const json = JSON.stringify({ posts });
  if (fault === 'fenced-json') return `Sure! Here you go:\n\`\`\`json\n${json}\n\`\`\``;
  if (fault === 'think-first') return `<think>The user wants {"posts": [...]} for ${slots.length} slots. Let me plan [first] the themes.</think>\n${json}`;
  if (fault === 'trailing-commas') return `{"posts": [${posts.map((post) => `${JSON.stringify(post).slice(0, -1)},}`).join(',\n')},\n],}`;
  if (fault === 'chatter') return `Okay! Here are the posts {as requested} [all ${slots.length}]:\n${json}\nLet me know if you want changes {or more}.`;
  return json;
}

/** Far over the platform's limit (Facebook aside) as X counts it: a long link, emoji, and (on Instagram) 40 hashtags. */
function overLongPost(slot: PromptSlot): Record<string, unknown> {
  const sentence = `Our team on ${slot.weekday} has news 🎉🎉 at https://example.com/${'very-long-path/'.repeat(6)} for everyone. `;
  // Facebook's limit (63,206) is the app's own cap on any post: a reply that long is no habit of a model.
  const limits: Record<string, number> = { twitter: 280, instagram: 2200, linkedin: 3000, bluesky: 300, mastodon: 500 };
  const limit = limits[slot.platform] ?? 400;
  // X counts the link as 23 and each emoji as 2: a sentence weighs about 60 there.
  const repeats = Math.ceil((limit * 1.3) / (slot.platform === 'twitter' ? 60 : sentence.length));
  const angle = `${slot.theme ? ` About ${slot.theme}.` : ''}${slot.cta ? ` ${slot.cta}.` : ''}`;
  return {
    content: `Post ${slot.slot} on ${slot.date}. ${sentence.repeat(repeats).trim()}${angle}`,
    hashtags: Array.from({ length: slot.platform === 'instagram' ? 40 : 4 }, (_, i) => `#tag${i}`),
  };
}

function singleAnswer(details: SinglePostDetails, fault: FakeFault): string {
  if (fault === 'malformed-json') return '{"content": "cut off';
  const type = details.type ?? details.types[0] ?? 'text';
  const post = {
    date: `${details.date}T12:00:00Z`,
    platform: fault === 'invalid-post' ? 'myspace' : (details.platform ?? details.platforms[0] ?? 'facebook'),
    type,
    content: `A single post for ${details.weekday} ${details.date}${details.holiday ? ` about ${details.holiday}` : ''}.`,
    mediaPrompt: type === 'text' ? '' : `A ${type} for ${details.date}`,
    hashtags: ['#single'],
  };
  return fault === 'fenced-json' ? `\`\`\`json\n${JSON.stringify(post)}\n\`\`\`` : JSON.stringify(post);
}

function answerFor(task: FakeTask, prompt: string, fault: FakeFault, postChars: number): string {
  if (task === 'month') return monthAnswer(readSlotsFromPrompt(prompt) ?? [], fault, postChars);
  if (task === 'single') return singleAnswer(readSinglePostPrompt(prompt)!, fault);
  if (task === 'rewrite') {
    if (fault === 'invalid-post') return '   ';
    const { original, instructions } = readRewritePrompt(prompt)!;
    return `Rewritten (${instructions.slice(0, 40)}): ${original}`.slice(0, 250);
  }
  return 'OK';
}

function taskOf(prompt: string): FakeTask {
  if (readSlotsFromPrompt(prompt)) return 'month';
  if (readRewritePrompt(prompt)) return 'rewrite';
  if (readSinglePostPrompt(prompt)) return 'single';
  return 'other';
}

function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
}

export async function startFakeOpenAI(options: FakeOpenAIOptions = {}): Promise<FakeOpenAI> {
  const model = options.model ?? 'fake-model';
  const requests: RecordedRequest[] = [];
  const queue: FakeFault[] = [];
  let always: FakeFault = options.always ?? 'ok';
  let delayMs = options.delayMs ?? 0;
  let tokensPerSecond = options.tokensPerSecond ?? 0;
  let postChars = options.postChars ?? 0;
  let hold = options.hold ?? false;
  let holdAfterTextChars = options.holdAfterTextChars;
  const held = (task: FakeTask) => hold === true || (Array.isArray(hold) && hold.includes(task));
  const open = new Set<ServerResponse>();
  let closed = false;

  const recordedFor = new WeakMap<ServerResponse, RecordedRequest>();
  const unanswered = () => requests.filter((request) => !request.answered).length;

  const server = createServer((req, res) => {
    open.add(res);
    res.on('close', () => open.delete(res));
    // Answered from the moment the fake ends its answer, before the client can have read the end.
    const answered = () => {
      const recorded = recordedFor.get(res);
      if (recorded) recorded.answered = true;
    };
    const end = res.end.bind(res);
    res.end = ((...args: Parameters<typeof end>) => {
      answered();
      return end(...args);
    }) as typeof res.end;
    res.on('close', answered);
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      void handle(req.method ?? 'GET', req.url ?? '/', req.headers, Buffer.concat(chunks).toString('utf8'), res);
    });
  });

  async function handleImages(headers: IncomingHttpHeaders, raw: string, res: ServerResponse) {
    let body: ImageRequestBody & RecordedRequest['body'];
    try {
      body = JSON.parse(raw) as ImageRequestBody & RecordedRequest['body'];
    } catch {
      return sendJson(res, 400, {
        error: { message: 'We could not parse the JSON body of your request.', type: 'invalid_request_error', param: null, code: null },
      });
    }
    const fault = queue.shift() ?? always;
    const prompt = typeof body.prompt === 'string' ? body.prompt : '';
    const recorded: RecordedRequest = {
      method: 'POST',
      path: '/v1/images/generations',
      headers,
      body,
      prompt,
      task: 'image',
      fault,
      at: Date.now(),
      inFlightAtArrival: 0,
      answered: false,
    };
    requests.push(recorded);
    recordedFor.set(res, recorded);
    recorded.inFlightAtArrival = unanswered();
    if (delayMs > 0) await wait(delayMs);
    while (held('image') && !res.destroyed) await wait(20);
    const imageFault: ImageFault = (['image-refused', 'image-not-an-image', 'status-429', 'status-500', 'hang'] as FakeFault[]).includes(fault)
      ? (fault as ImageFault)
      : 'ok';
    await answerImages(body, headers.authorization, options.apiKey, imageFault, (status, answer, extra) => sendJson(res, status, answer, extra), res);
  }

  async function handle(method: string, path: string, headers: IncomingHttpHeaders, raw: string, res: ServerResponse) {
    if (method === 'GET' && path === '/v1/models') return sendJson(res, 200, { object: 'list', data: [{ id: model, object: 'model' }] });
    if (method === 'POST' && path === '/v1/images/generations') return handleImages(headers, raw, res);
    if (method !== 'POST' || path !== '/v1/chat/completions') return sendJson(res, 404, { error: { message: `No route ${method} ${path}` } });
    let body: RecordedRequest['body'];
    try {
      body = JSON.parse(raw) as RecordedRequest['body'];
    } catch {
      return sendJson(res, 400, { error: { message: 'Body is not JSON', type: 'invalid_request_error' } });
    }
    const prompt = (body.messages ?? [])
      .map((message) => (typeof message.content === 'string' ? message.content : JSON.stringify(message.content)))
      .join('\n\n');
    const task = taskOf(prompt);
    const fault = queue.shift() ?? always;
    const recorded: RecordedRequest = { method, path, headers, body, prompt, task, fault, at: Date.now(), inFlightAtArrival: 0, answered: false };
    requests.push(recorded);
    recordedFor.set(res, recorded);
    recorded.inFlightAtArrival = unanswered();

    if (fault === 'hang') return; // answered by close()
    if (delayMs > 0) await wait(delayMs);
    while (held(task) && !(task === 'month' && body.stream === true && holdAfterTextChars !== undefined) && !res.destroyed) await wait(20);
    if (res.destroyed) return;
    if (fault === 'status-500') return sendJson(res, 500, { error: { message: 'The fake server had an internal error.', type: 'server_error' } });
    if (fault === 'no-structured-output' && body.response_format) {
      return sendJson(res, 422, { error: { message: 'Unsupported parameter: response_format', type: 'invalid_request_error' } });
    }
    if (fault === 'no-json-mode' && body.response_format) {
      return sendJson(res, 400, { error: { message: "'response_format.type' must be 'json_schema' or 'text'", type: 'invalid_request_error' } });
    }
    if (fault === 'status-429') {
      return sendJson(res, 429, { error: { message: 'Rate limit reached.', type: 'rate_limit_error' } }, { 'retry-after': '1' });
    }

    const content = answerFor(task, prompt, fault, postChars);
    const holdsMidText = task === 'month' && body.stream === true && holdAfterTextChars !== undefined;
    // A reply held mid-text stands still exactly after that many characters of its first post's text.
    const holdAt = holdsMidText ? content.indexOf('"content":"') + '"content":"'.length + holdAfterTextChars! : 0;
    const piecesOf = (text: string) => text.match(/[\s\S]{1,4}/g) ?? [];
    const pieces = [...piecesOf(content.slice(0, holdAt)), ...piecesOf(content.slice(holdAt))];
    const holdFrom = piecesOf(content.slice(0, holdAt)).length;
    // Pieces up to the end of the second post, when the connection is to drop there.
    const cutAt = fault === 'cut-after-2' ? Math.ceil(lengthThroughPost(content, 2) / 4) : pieces.length;
    const usage = { prompt_tokens: Math.ceil(prompt.length / 4), completion_tokens: pieces.length, total_tokens: Math.ceil(prompt.length / 4) + pieces.length };
    recorded.usage = { promptTokens: usage.prompt_tokens, completionTokens: usage.completion_tokens };
    const base = { id: `chatcmpl-${requests.length}`, created: Math.floor(Date.now() / 1000), model };

    if (!body.stream) {
      if (tokensPerSecond > 0) await wait((pieces.length / tokensPerSecond) * 1000);
      if (res.destroyed) return;
      return sendJson(res, 200, {
        ...base,
        object: 'chat.completion',
        choices: [
          {
            index: 0,
            message: { role: 'assistant', content, ...(fault === 'reasoning-content' ? { reasoning_content: THINKING } : {}) },
            finish_reason: 'stop',
          },
        ],
        usage,
      });
    }

    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive' });
    const send = (chunk: unknown) => res.write(`data: ${JSON.stringify(chunk)}\n\n`);
    const delta = (value: Record<string, unknown>, finish: string | null = null) => ({
      ...base,
      object: 'chat.completion.chunk',
      choices: [{ index: 0, delta: value, finish_reason: finish }],
    });
    send(delta({ role: 'assistant', content: '' }));
    if (fault === 'reasoning-content') for (const piece of THINKING.match(/[\s\S]{1,8}/g) ?? []) send(delta({ reasoning_content: piece }));
    let started = Date.now();
    let sent = 0;
    while (sent < pieces.length) {
      if (res.destroyed) return;
      if (sent >= cutAt) return void res.destroy();
      if (held(task) && sent >= holdFrom) {
        await wait(20);
        // Pacing restarts after a pause, as if the model had only now gone on.
        started = Date.now() - (sent / Math.max(tokensPerSecond, 1)) * 1000;
        continue;
      }
      // Paced by elapsed time, so high speeds do not need one timer per token.
      const due = Math.min(
        tokensPerSecond > 0 ? Math.min(cutAt, Math.floor(((Date.now() - started) / 1000) * tokensPerSecond) + 1) : cutAt,
        held(task) ? holdFrom : pieces.length,
      );
      for (; sent < due; sent++) send(delta({ content: pieces[sent] }));
      if (sent < pieces.length) await wait(20);
    }
    send({ ...delta({}, 'stop'), usage });
    res.end('data: [DONE]\n\n');
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;

  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    unanswered,
    script(behaviour) {
      queue.push(...(behaviour.next ?? []));
      if (behaviour.always !== undefined) always = behaviour.always;
      if (behaviour.delayMs !== undefined) delayMs = behaviour.delayMs;
      if (behaviour.tokensPerSecond !== undefined) tokensPerSecond = behaviour.tokensPerSecond;
      if (behaviour.postChars !== undefined) postChars = behaviour.postChars;
      if (behaviour.hold !== undefined) hold = behaviour.hold;
      if ('holdAfterTextChars' in behaviour) holdAfterTextChars = behaviour.holdAfterTextChars;
    },
    async close() {
      if (closed) return;
      closed = true;
      for (const res of open) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
