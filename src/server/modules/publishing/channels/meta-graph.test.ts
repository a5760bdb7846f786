import { describe, expect, it } from 'vitest';
import { createBackoff, graphRefusal, usageRestMs } from './meta-graph';

const MINUTE = 60_000;
const business = (entries: Record<string, unknown>[]) => ({ 'x-business-use-case-usage': JSON.stringify({ '102000000000001': entries }) });

describe('usageRestMs', () => {
  it('rests for the longest estimated_time_to_regain_access (minutes) of the business use case usage', () => {
    const headers = business([
      { type: 'pages', call_count: 100, total_time: 10, total_cputime: 10, estimated_time_to_regain_access: 7 },
      { type: 'pages', call_count: 40, total_time: 10, total_cputime: 10, estimated_time_to_regain_access: 12 },
    ]);
    expect(usageRestMs(headers)).toBe(12 * MINUTE);
  });

  it('rests for the default quarter hour when a usage reaches 95 % without a time to regain access', () => {
    expect(usageRestMs({ 'x-app-usage': JSON.stringify({ call_count: 96, total_time: 10, total_cputime: 10 }) })).toBe(15 * MINUTE);
    expect(usageRestMs(business([{ type: 'pages', call_count: 10, total_time: 95, total_cputime: 10, estimated_time_to_regain_access: 0 }]))).toBe(15 * MINUTE);
  });

  it('does not rest below the ceiling, without headers, or on headers it cannot read', () => {
    expect(usageRestMs({ 'x-app-usage': JSON.stringify({ call_count: 94, total_time: 50, total_cputime: 50 }) })).toBe(0);
    expect(usageRestMs(business([{ type: 'pages', call_count: 50, total_time: 10, total_cputime: 10, estimated_time_to_regain_access: 0 }]))).toBe(0);
    expect(usageRestMs({})).toBe(0);
    expect(usageRestMs({ 'x-app-usage': 'not json', 'x-business-use-case-usage': '{"1": 5}' })).toBe(0);
  });

  it('reads the first of repeated headers', () => {
    expect(usageRestMs({ 'x-app-usage': [JSON.stringify({ call_count: 100, total_time: 0, total_cputime: 0 }), '{}'] })).toBe(15 * MINUTE);
  });
});

describe('graphRefusal', () => {
  it('says why a token stopped working (190 and its subcodes) and that the connection is lost', () => {
    const why = (error_subcode?: number) => graphRefusal({ code: 190, ...(error_subcode ? { error_subcode } : {}) }, 'Facebook', undefined);
    expect(why(463)).toEqual({
      result: 'failed',
      detail: 'Facebook no longer accepts this connection: its sign-in expired. Reconnect it in Settings → Connections.',
      connectionLost: true,
    });
    expect(why(460)).toMatchObject({ detail: expect.stringContaining('the account’s password was changed'), connectionLost: true });
    expect(why(458)).toMatchObject({ detail: expect.stringContaining('the app’s access was removed from the account'), connectionLost: true });
    expect(why()).toMatchObject({ detail: expect.stringContaining('its sign-in is no longer valid'), connectionLost: true });
  });

  it('loses the connection for a missing permission (10, 200 and the 2xx range), naming the code', () => {
    for (const code of [10, 200, 210]) {
      expect(graphRefusal({ code }, 'Instagram', undefined)).toEqual({
        result: 'failed',
        detail: `Instagram refused: the connection lacks a permission it needs to publish (code ${code}). Reconnect it in Settings → Connections and allow every permission asked.`,
        connectionLost: true,
      });
    }
  });

  it('fails a blocked account (368) with what the network said, and keeps the connection', () => {
    const outcome = graphRefusal({ code: 368, error_user_msg: 'You can’t post right now.' }, 'Facebook', undefined);
    expect(outcome).toEqual({
      result: 'failed',
      detail:
        'Facebook has blocked this account from posting for now, as it judged the activity abusive (code 368). Facebook said: “You can’t post right now.”',
    });
  });

  it('retries throttling (4, 17, 32, 613, 80001) after the wait given, or a quarter hour', () => {
    for (const code of [4, 17, 32, 613, 80001]) {
      expect(graphRefusal({ code }, 'Facebook', 5 * MINUTE)).toEqual({
        result: 'retry',
        detail: `Facebook asked us to slow down for this account (code ${code}); it will be sent when the limit resets.`,
        retryAfterMs: 5 * MINUTE,
      });
      expect(graphRefusal({ code }, 'Facebook', undefined)).toMatchObject({ result: 'retry', retryAfterMs: 15 * MINUTE });
    }
  });

  it('fails a duplicate (506) with what to change', () => {
    expect(graphRefusal({ code: 506 }, 'Facebook', undefined)).toEqual({
      result: 'failed',
      detail: 'Facebook refused it as a duplicate of a recent post. Change the text, then retry.',
    });
  });

  it('retries a temporary problem (1, 2, or is_transient), and fails any other refusal with its code', () => {
    expect(graphRefusal({ code: 2 }, 'Threads', 30_000)).toEqual({
      result: 'retry',
      detail: 'Threads had a temporary problem (code 2).',
      retryAfterMs: 30_000,
    });
    expect(graphRefusal({ code: 1 }, 'Threads', undefined)).toMatchObject({ result: 'retry' });
    expect(graphRefusal({ code: 9007, is_transient: true }, 'Threads', undefined)).toMatchObject({ result: 'retry' });
    expect(graphRefusal({ code: 100 }, 'Threads', undefined)).toEqual({
      result: 'failed',
      detail: 'Threads refused the post (code 100). Check the post, then retry.',
    });
  });
});

describe('createBackoff', () => {
  it('rests one account until its time passes, and never another', () => {
    let now = Date.parse('2031-06-10T10:00:00Z');
    const backoff = createBackoff();
    backoff.rest('page-1', 10 * MINUTE, new Date(now));
    backoff.rest('page-1', 2 * MINUTE, new Date(now));
    expect(backoff.waitMs('page-1', new Date(now))).toBe(10 * MINUTE);
    expect(backoff.waitMs('page-2', new Date(now))).toBe(0);
    now += 10 * MINUTE;
    expect(backoff.waitMs('page-1', new Date(now))).toBe(0);
  });
});
