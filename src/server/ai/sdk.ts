/**
 * The AI SDK (`ai` and its OpenAI-compatible provider, about 40 MB of memory together), loaded on the
 * first model call: a server without AI configured never loads it, one with AI only when it writes.
 */
import type { APICallError } from 'ai';

let loaded: Promise<typeof import('ai')> | undefined;

export function aiSdk(): Promise<typeof import('ai')> {
  return (loaded ??= import('ai'));
}

/** The SDK's own mark on its APICallError (what `APICallError.isInstance` reads), so checking needs no SDK loaded. */
const API_CALL_ERROR = Symbol.for('vercel.ai.error.AI_APICallError');

/** Whether the SDK threw this as a failed API call. */
export function isApiCallError(error: unknown): error is APICallError {
  return typeof error === 'object' && error !== null && (error as Record<symbol, unknown>)[API_CALL_ERROR] === true;
}
