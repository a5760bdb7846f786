/**
 * One chat completion with the policies every AI task shares: a per-request timeout, retries of
 * 429/5xx/connection errors honouring Retry-After (capped at 30 s), and errors mapped to WriterError.
 * Replies are streamed: a slow local model keeps the connection busy instead of hitting idle timeouts.
 */
import type { APICallError, LanguageModel, Output } from 'ai';
import { MESSAGES, toWriterError, WriterError } from './errors';
import { createLanguageModel, type ProviderConfig } from './provider';
import { aiSdk, isApiCallError } from './sdk';

export interface CallSettings {
  timeoutMs: number;
  maxRetries: number;
  retryDelayMs: number;
}

export interface ModelCall {
  system: string;
  prompt: string;
  /** Ask for a JSON object (`response_format: json_object`); the caller still parses and validates it. */
  json: boolean;
  signal?: AbortSignal;
  /**
   * Each piece of the reply as it streams in; `restart` is true on the first piece of every attempt
   * (a retry answers again from the start), so a reader of partial replies knows to start over.
   */
  onText?: (delta: string, restart: boolean) => void;
}

export interface ModelReply {
  text: string;
  inputTokens: number | undefined;
  outputTokens: number | undefined;
}

export type CallModel = (call: ModelCall) => Promise<ModelReply>;

export const MAX_RETRY_AFTER_MS = 30_000;

/** Plain text output that asks for JSON mode: the SDK's own JSON output would reject fenced replies. */
const jsonObjectOutput = (text: typeof Output.text): Output.Output<string, string, never> => ({
  ...text(),
  name: 'json-object',
  responseFormat: Promise.resolve({ type: 'json' }),
});

function providerCause(error: WriterError): APICallError | undefined {
  return isApiCallError(error.cause) ? error.cause : undefined;
}

/** Retry-After (seconds or HTTP date) or retry-after-ms, capped; else exponential back-off. */
export function retryDelay(error: WriterError, attempt: number, baseDelayMs: number): number {
  const headers = providerCause(error)?.responseHeaders ?? {};
  let wait: number | undefined;
  if (headers['retry-after-ms']) wait = Number.parseFloat(headers['retry-after-ms']);
  else if (headers['retry-after']) {
    const seconds = Number.parseFloat(headers['retry-after']);
    wait = Number.isNaN(seconds) ? Date.parse(headers['retry-after']) - Date.now() : seconds * 1000;
  }
  if (wait !== undefined && Number.isFinite(wait) && wait >= 0) return Math.min(wait, MAX_RETRY_AFTER_MS);
  return Math.min(baseDelayMs * 2 ** attempt, MAX_RETRY_AFTER_MS);
}

function isRetryable(error: WriterError): boolean {
  return error.reason === 'rate_limited' || (error.reason === 'provider_error' && providerCause(error)?.isRetryable === true);
}

/**
 * A request with `response_format` refused as a bad request (400, 415, 422, or another 4xx that names
 * it): the server does not do structured output, so JSON is asked for in the prompt only. Auth, rate
 * and not-found answers are not a refusal of the format.
 */
function rejectsJsonMode(error: WriterError): boolean {
  const status = providerCause(error)?.statusCode;
  if (status === undefined || status < 400 || status >= 500) return false;
  if ([400, 415, 422].includes(status)) return true;
  const cause = providerCause(error)!;
  return ![401, 403, 429].includes(status) && /response_format|json_object|json_schema|structured/i.test(`${cause.responseBody ?? ''} ${cause.message}`);
}

/** Whether the provider takes `response_format`; shared by a writer's calls, learnt once until restart. */
export interface JsonModeMemory {
  works: boolean;
}

function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(new WriterError(MESSAGES.aborted, 'aborted'));
    const onAbort = () => {
      clearTimeout(timer);
      reject(new WriterError(MESSAGES.aborted, 'aborted'));
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

async function streamOnce(model: LanguageModel, call: ModelCall, json: boolean, timeoutMs: number): Promise<ModelReply> {
  const timeout = AbortSignal.timeout(timeoutMs);
  const abortSignal = call.signal ? AbortSignal.any([call.signal, timeout]) : timeout;
  try {
    const { streamText, Output } = await aiSdk();
    const result = streamText({
      model,
      system: call.system,
      prompt: call.prompt,
      maxRetries: 0, // retried below, with our cap on Retry-After
      abortSignal,
      ...(json ? { output: jsonObjectOutput(Output.text) } : {}),
      onError: () => {}, // errors arrive as stream parts; the SDK default would print them
    });
    let text = '';
    let restart = true;
    let usage: { inputTokens: number | undefined; outputTokens: number | undefined } = { inputTokens: undefined, outputTokens: undefined };
    for await (const part of result.fullStream) {
      if (part.type === 'text-delta') {
        text += part.text;
        if (call.onText && part.text !== '') {
          call.onText(part.text, restart);
          restart = false;
        }
      } else if (part.type === 'error') throw part.error;
      else if (part.type === 'abort') throw abortSignal.reason ?? new Error('aborted');
      else if (part.type === 'finish') usage = { inputTokens: part.totalUsage.inputTokens, outputTokens: part.totalUsage.outputTokens };
    }
    if (abortSignal.aborted) throw abortSignal.reason;
    return { text, ...usage };
  } catch (error) {
    throw toWriterError(error, { timeoutMs, timedOut: timeout.aborted, aborted: call.signal?.aborted === true });
  }
}

export function createCallModel(ai: ProviderConfig, settings: CallSettings, jsonMode: JsonModeMemory = { works: true }): CallModel {
  // Made on the first call, with the SDK (sdk.ts); a failure to load it is that call's failure.
  let model: Promise<LanguageModel> | undefined;
  // After a 429, no request of this writer starts before the provider's Retry-After has passed: the
  // other batches of a month wait too instead of running into the same limit.
  let rateLimitedUntil = 0;
  return async (call) => {
    for (let attempt = 0; ; attempt++) {
      const pause = rateLimitedUntil - Date.now();
      if (pause > 0) await sleep(pause, call.signal);
      let streamed = false;
      // Read before the call: another batch may learn meanwhile that the provider refuses JSON mode,
      // and this request (sent with it) must then be sent again without it, not fail.
      const usedJsonMode = call.json && jsonMode.works;
      const onText = call.onText && ((delta: string, restart: boolean) => ((streamed = true), call.onText!(delta, restart)));
      try {
        return await streamOnce(await (model ??= createLanguageModel(ai)), { ...call, onText }, usedJsonMode, settings.timeoutMs);
      } catch (error) {
        const writerError = error instanceof WriterError ? error : toWriterError(error, { timeoutMs: settings.timeoutMs, timedOut: false, aborted: false });
        if (usedJsonMode && rejectsJsonMode(writerError)) {
          jsonMode.works = false; // remembered for this provider until restart; this attempt does not count as a retry
          attempt--;
          continue;
        }
        // A reply cut off part-way is not asked for again whole: the caller reading the stream keeps
        // what arrived and asks only for the rest.
        if (!isRetryable(writerError) || attempt >= settings.maxRetries || streamed) throw writerError;
        const delay = retryDelay(writerError, attempt, settings.retryDelayMs);
        if (writerError.reason === 'rate_limited') rateLimitedUntil = Math.max(rateLimitedUntil, Date.now() + delay);
        await sleep(delay, call.signal);
      }
    }
  };
}
