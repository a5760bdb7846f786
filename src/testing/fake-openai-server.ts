/**
 * A local OpenAI-compatible chat-completions server for tests and benchmarks. By default it answers
 * like a well-behaved model: it reads the slot list (or rewrite / single-post details) back from the
 * prompt and writes valid replies. Faults can be scripted for the next requests or for all of them.
 */
import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { answerImages, type ImageFault, type ImageRequestBody } from './fake-images-endpoint';
import { answerFor, lengthThroughPost, taskOf, type FakeFault, type FakeTask } from './fake-model-answers';

export type { FakeFault, FakeTask } from './fake-model-answers';

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
