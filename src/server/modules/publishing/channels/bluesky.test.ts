import { XRPCError } from '@atproto/api';
import { beforeAll, describe, expect, it } from 'vitest';
import { checkedFetch, loadAtproto, OutboundFailure, outcomeOfError } from './bluesky-agent';
import { recordKeyFor } from './bluesky';
import { DEFAULT_OUTBOUND } from '../outbound';

const credentials = { handle: 'brightsmile.bsky.social', appPassword: 'abcd-efgh-ijkl-mnop', serviceUrl: 'https://bsky.social' };
const now = new Date('2031-06-10T09:00:00Z');
/** A TID as the AT Protocol defines it: 13 base32-sortable characters, the first with its top bit clear. */
const TID = /^[234567abcdefghij][234567abcdefghijklmnopqrstuvwxyz]{12}$/;
const S32 = '234567abcdefghijklmnopqrstuvwxyz';
const tidMicros = (tid: string) => [...tid].reduce((value, char) => value * 32n + BigInt(S32.indexOf(char)), 0n) >> 10n;

describe('the record key of a delivery', () => {
  it('is a valid TID, the same on every attempt, and another for another delivery', () => {
    const delivery = { id: 'msg_2f1c9a7b4d3e4f5a8b6c7d8e9f0a1b2c', createdAt: '2031-06-01T12:00:00.000Z' };
    const key = recordKeyFor(delivery);
    expect(key).toMatch(TID);
    expect(recordKeyFor({ ...delivery })).toBe(key);
    expect(recordKeyFor({ ...delivery, id: 'msg_00000000000000000000000000000000' })).not.toBe(key);
    // Its time is the instant the delivery was made, so keys sort as posts were scheduled.
    const micros = tidMicros(key);
    expect(micros / 1000n).toBe(BigInt(Date.parse(delivery.createdAt)));
  });
});

describe('what a Bluesky error comes to', () => {
  // An XRPCError comes only from a call through the client, which loads it first.
  beforeAll(loadAtproto);
  it('waits for ratelimit-reset on a 429, retries a 5xx, and fails refused credentials in words', () => {
    const reset = String(now.getTime() / 1000 + 120);
    expect(outcomeOfError(new XRPCError(429, 'RateLimitExceeded', 'slow down', { 'ratelimit-reset': reset }), credentials, false, now)).toEqual({
      result: 'retry',
      detail: 'Bluesky asked us to slow down (429).',
      retryAfterMs: 120_000,
      accountLimited: true,
    });
    expect(outcomeOfError(new XRPCError(502, 'UpstreamFailure'), credentials, true, now)).toMatchObject({ result: 'retry' });
    expect(outcomeOfError(new XRPCError(401, 'AuthenticationRequired', 'Invalid identifier or password'), credentials, false, now)).toMatchObject({
      result: 'failed',
      detail: expect.stringContaining('Bluesky refused the app password of @brightsmile.bsky.social (401)'),
    });
    expect(outcomeOfError(new XRPCError(400, 'InvalidRequest', 'a message from the service'), credentials, false, now)).toEqual({
      result: 'failed',
      detail: 'Bluesky refused the post (400: InvalidRequest). Check the post and the connection, then retry.',
    });
  });

  it('says unknown, and that a retry is safe, only when the record itself got no answer', () => {
    const lost = new OutboundFailure({ reach: 'no-answer', reason: 'the connection closed before an answer came' });
    expect(outcomeOfError(XRPCError.from(lost), credentials, true, now)).toMatchObject({ result: 'unknown', detail: expect.stringContaining('Retry is safe') });
    expect(outcomeOfError(XRPCError.from(lost), credentials, false, now)).toMatchObject({ result: 'retry' });
    const unreachable = new OutboundFailure({ reach: 'not-sent', reason: 'the receiver refused the connection' });
    expect(outcomeOfError(XRPCError.from(unreachable), credentials, true, now)).toMatchObject({ result: 'retry' });
  });
});

describe('the fetch @atproto/api is given', () => {
  it('refuses private and plain-http addresses before any request leaves', async () => {
    const guarded = checkedFetch(DEFAULT_OUTBOUND);
    for (const url of ['https://127.0.0.1/xrpc/com.atproto.server.createSession', 'http://bsky.social/xrpc/x', 'https://169.254.169.254/latest']) {
      const error = await guarded(url, { method: 'POST', body: '{}' }).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(OutboundFailure);
      expect((error as OutboundFailure).result.reach).toBe('refused');
    }
  });
});
