/** The one error writers throw, with a message an end user can read and a reason code for the caller. */
import { isApiCallError } from './sdk';

export type WriterErrorReason = 'timeout' | 'rate_limited' | 'provider_error' | 'invalid_reply' | 'aborted';

export class WriterError extends Error {
  constructor(
    message: string,
    readonly reason: WriterErrorReason,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'WriterError';
  }
}

/** '10 minutes', '1 minute', '30 seconds', '0.5 seconds'. */
export function describeDuration(ms: number): string {
  if (ms >= 60_000 && ms % 60_000 === 0) return ms === 60_000 ? '1 minute' : `${ms / 60_000} minutes`;
  const seconds = Math.round(ms / 100) / 10;
  return seconds === 1 ? '1 second' : `${seconds} seconds`;
}

export const MESSAGES = {
  aborted: 'Writing was cancelled before the AI provider finished.',
  rateLimited: 'The AI provider is rate limiting requests. Please try again in a minute.',
  notJson: 'The AI provider answered with something that is not valid JSON.',
  emptyText: 'The AI provider answered with an empty text.',
  cutOff: 'The AI provider stopped answering part-way through. Please try again.',
  timeout: (ms: number) => `The AI provider did not answer within ${describeDuration(ms)}.`,
} as const;

/** Turns whatever the SDK or fetch threw into a WriterError. `timedOut`/`aborted` say which signal fired. */
export function toWriterError(error: unknown, context: { timeoutMs: number; timedOut: boolean; aborted: boolean }): WriterError {
  if (error instanceof WriterError) return error;
  if (context.aborted) return new WriterError(MESSAGES.aborted, 'aborted', { cause: error });
  if (context.timedOut) return new WriterError(MESSAGES.timeout(context.timeoutMs), 'timeout', { cause: error });
  if (isApiCallError(error)) {
    const status = error.statusCode;
    if (status === 429) return new WriterError(MESSAGES.rateLimited, 'rate_limited', { cause: error });
    if (status === 401 || status === 403) {
      return new WriterError('The AI provider refused the API key. Check AI_API_KEY in the server configuration.', 'provider_error', { cause: error });
    }
    if (status === 404) {
      return new WriterError(
        'The AI provider does not know this address or model. Check AI_BASE_URL and AI_MODEL in the server configuration.',
        'provider_error',
        { cause: error },
      );
    }
    if (status !== undefined && status >= 500) {
      return new WriterError(`The AI provider had an internal error (HTTP ${status}). Please try again later.`, 'provider_error', { cause: error });
    }
    // 200: the reply had started when the connection dropped.
    if (status === 200) return new WriterError(MESSAGES.cutOff, 'provider_error', { cause: error });
    if (status === undefined) {
      // No address here: the message reaches users, and the provider may sit on an internal host.
      return new WriterError('The AI provider could not be reached. Please try again later.', 'provider_error', { cause: error });
    }
    return new WriterError(`The AI provider rejected the request (HTTP ${status}).`, 'provider_error', { cause: error });
  }
  return new WriterError('The AI provider failed to answer.', 'provider_error', { cause: error });
}
