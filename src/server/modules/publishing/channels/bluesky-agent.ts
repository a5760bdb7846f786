import { createHash } from 'node:crypto';
import type { AtpAgent, XRPCError } from '@atproto/api';
import { sendOutbound, type OutboundPolicy, type OutboundResult } from '../outbound';
import { outcomeOf, type AttemptOutcome } from '../outcome';

export interface BlueskyCredentials {
  /** The account's handle, without '@' (e.g. brightsmile.bsky.social). */
  handle: string;
  appPassword: string;
  /** The service's origin, https://bsky.social by default. */
  serviceUrl: string;
}

export const RECEIVER = 'Bluesky';

type Atproto = typeof import('@atproto/api');
let atproto: Atproto | undefined;
let loadingAtproto: Promise<Atproto> | undefined;

/** @atproto/api, loaded by the first Bluesky call instead of at start: it adds about 28 MB to a server's memory. */
export async function loadAtproto(): Promise<Atproto> {
  loadingAtproto ??= import('@atproto/api').then(
    (module) => (atproto = module),
    (error: unknown) => {
      loadingAtproto = undefined; // a failed load is tried again by the next caller
      throw error;
    },
  );
  return loadingAtproto;
}

/** Whether `error` is the Bluesky client's XRPCError (none exists before the client is loaded). */
export const isXrpcError = (error: unknown): error is XRPCError => atproto !== undefined && error instanceof atproto.XRPCError;

/** A request the outbound guard stopped or that got no answer, carried through @atproto/api as the cause of its error. */
export class OutboundFailure extends Error {
  constructor(readonly result: Exclude<OutboundResult, { reach: 'answered' }>) {
    super(result.reason);
  }
}

/**
 * A WhatWG fetch for @atproto/api that goes through the project's outbound guard: https only (unless
 * PUBLISH_ALLOW_PRIVATE_URLS), no private addresses, checked on every request and every redirect,
 * including the PDS the account's DID document names after login. A redirect to another origin is
 * refused, whatever `redirect` the agent asks for: its requests carry the session's tokens or, to sign
 * in, the app password itself.
 */
export function checkedFetch(policy: OutboundPolicy): typeof fetch {
  return async (input, init) => {
    const request = new Request(input, init);
    const method = request.method.toUpperCase();
    if (method !== 'GET' && method !== 'POST') throw new TypeError(`Bluesky requests are GET or POST, not ${method}.`);
    const body = method === 'POST' ? Buffer.from(await request.arrayBuffer()) : undefined;
    const result = await sendOutbound(
      { url: request.url, method, headers: Object.fromEntries(request.headers.entries()), body, signal: request.signal },
      policy,
    );
    if (result.reach !== 'answered') throw new OutboundFailure(result);
    const headers = new Headers();
    for (const [name, value] of Object.entries(result.headers)) for (const one of [value ?? []].flat()) headers.append(name, one);
    const empty = [204, 205, 304].includes(result.status) || result.status < 200;
    return new Response(empty ? null : result.body, { status: Math.max(200, result.status), headers });
  };
}

/** The HTTP failure inside an error thrown by @atproto/api, if it is one. */
export const outboundFailureOf = (error: unknown): OutboundFailure | undefined =>
  error instanceof OutboundFailure ? error : error instanceof Error && error.cause instanceof OutboundFailure ? error.cause : undefined;

const handleOf = (credentials: BlueskyCredentials) => `@${credentials.handle}`;

/** `ratelimit-reset` (seconds since 1970) as a wait from now. */
function resetWaitMs(error: XRPCError, now: Date): number | undefined {
  const reset = Number(error.headers?.['ratelimit-reset']);
  return Number.isFinite(reset) && reset > 0 ? Math.max(0, reset * 1000 - now.getTime()) : undefined;
}

/**
 * What an error from one step comes to. `mayHavePosted`: the step was the record's creation, so a
 * request without an answer may have posted (unknown; retrying is safe because of the record key).
 */
export function outcomeOfError(error: unknown, credentials: BlueskyCredentials, mayHavePosted: boolean, now: Date): AttemptOutcome {
  const failure = outboundFailureOf(error);
  if (failure) {
    const outcome = outcomeOf(failure.result, RECEIVER, now);
    if (outcome.result !== 'unknown') return outcome;
    if (!mayHavePosted) return { result: 'retry', detail: `Not sent: ${failure.result.reason} before the post was made.` };
    return {
      result: 'unknown',
      detail: `Sent, but ${failure.result.reason}: it may or may not have been published. Retry is safe: the post has a fixed record key, so Bluesky keeps one copy.`,
    };
  }
  if (!isXrpcError(error)) return { result: 'retry', detail: 'Not sent: something went wrong on our side.' };
  const status = error.status as number;
  if (error.error === 'AuthFactorTokenRequired')
    return { result: 'failed', detail: `Bluesky asks for a sign-in code for ${handleOf(credentials)}: use an app password instead, then retry.` };
  if (status === 401 || status === 403 || error.error === 'AccountTakedown')
    return {
      result: 'failed',
      detail: `Bluesky refused the app password of ${handleOf(credentials)} (${status}). Make a new app password (Bluesky Settings → Privacy and security → App passwords), add the connection again, then retry.`,
    };
  if (status === 429) return { result: 'retry', detail: 'Bluesky asked us to slow down (429).', retryAfterMs: resetWaitMs(error, now), accountLimited: true };
  if (status >= 500 || status === 408 || status === 425)
    return { result: 'retry', detail: `Bluesky had trouble (${status}).`, retryAfterMs: resetWaitMs(error, now) };
  if (status === 2) {
    if (mayHavePosted)
      return { result: 'unknown', detail: 'Sent, but Bluesky’s answer could not be read: it may or may not have been published. Retry is safe.' };
    return { result: 'retry', detail: 'Not sent: Bluesky’s answer could not be read.' };
  }
  const code = /^[A-Za-z]{1,60}$/.test(error.error) ? `: ${error.error}` : '';
  return { result: 'failed', detail: `Bluesky refused the post (${status}${code}). Check the post and the connection, then retry.` };
}

const MAX_SESSIONS = 500;

/**
 * Signed-in agents kept between deliveries in this process (bsky.social allows 30 logins per account
 * in 5 minutes); @atproto/api refreshes an expired session itself. Keyed by a hash of the
 * credentials, so a changed app password signs in anew.
 */
export function createBlueskySessions(policy: OutboundPolicy) {
  const agents = new Map<string, Promise<AtpAgent>>();
  const keyOf = (credentials: BlueskyCredentials) =>
    createHash('sha256').update(`${credentials.serviceUrl}\n${credentials.handle}\n${credentials.appPassword}`).digest('hex');

  return {
    /** A fresh, signed-in agent (never cached: 'Send test' checks the password itself). */
    async login(credentials: BlueskyCredentials): Promise<AtpAgent> {
      const { AtpAgent } = await loadAtproto();
      const agent = new AtpAgent({ service: credentials.serviceUrl, fetch: checkedFetch(policy) });
      await agent.login({ identifier: credentials.handle, password: credentials.appPassword });
      return agent;
    },

    /** A signed-in agent from the cache, else a new one; `fresh` drops the cached one first. */
    agentFor(credentials: BlueskyCredentials, fresh = false): Promise<AtpAgent> {
      const key = keyOf(credentials);
      if (fresh) agents.delete(key);
      const cached = agents.get(key);
      if (cached) return cached;
      if (agents.size >= MAX_SESSIONS) agents.delete(agents.keys().next().value!);
      const made = this.login(credentials);
      agents.set(key, made);
      made.catch(() => {
        if (agents.get(key) === made) agents.delete(key);
      });
      return made;
    },

    forget(credentials: BlueskyCredentials) {
      agents.delete(keyOf(credentials));
    },
  };
}

export type BlueskySessions = ReturnType<typeof createBlueskySessions>;
