import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { startRedirector } from '@testing/redirector';
import { addressRefusal, DEFAULT_OUTBOUND, sendOutbound } from './outbound';
import { rateLimitWaitMs, retryAfterMs } from './outcome';
import { createSecretBox } from './secret-box';

let server: http.Server;
let port: number;
/** The headers of every request the server got. */
let seen: http.IncomingHttpHeaders[];
beforeAll(async () => {
  server = http.createServer((request, response) => {
    seen.push(request.headers);
    if (request.url === '/big') return response.end('x'.repeat(1024 * 1024));
    if (request.url === '/silent') return; // reads the request and never answers
    if (request.url === '/redirect') return response.writeHead(308, { location: `http://localhost:${port}/ok` }).end();
    if (request.url === '/moved') return response.writeHead(307, { location: '/ok' }).end();
    if (request.url === '/redirect-echo') return response.writeHead(308, { location: `http://127.0.0.1:${port}/echo` }).end();
    if (request.url === '/echo') {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      return request.on('end', () => response.end(Buffer.concat(chunks)));
    }
    response.end('fine');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
beforeEach(() => {
  seen = [];
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const post = (url: string) => ({ url, method: 'POST' as const, headers: {}, body: '{}' });

describe('outbound requests', () => {
  it('refuses, at the moment of sending, a DNS name that resolves to a loopback address', async () => {
    const result = await sendOutbound(post(`http://localhost:${port}/ok`), { ...DEFAULT_OUTBOUND, allowPrivate: false });
    // http is refused first without the private-address allowance; with https the lookup itself refuses.
    expect(result).toMatchObject({ reach: 'refused' });
    const overHttps = await sendOutbound(post(`https://localhost:${port}/ok`), { ...DEFAULT_OUTBOUND, allowPrivate: false });
    expect(overHttps).toEqual({ reach: 'refused', reason: 'localhost cannot be used: it points to a private or loopback address.' });
  });

  it('follows a redirect only after checking where it leads', async () => {
    // localhost is another origin than 127.0.0.1, so the request must allow any.
    const request = { ...post(`http://127.0.0.1:${port}/redirect`), redirects: 'any-origin' as const };
    expect(await sendOutbound(request, { ...DEFAULT_OUTBOUND, allowPrivate: true })).toMatchObject({
      reach: 'answered',
      status: 200,
      body: 'fine',
    });
  });

  it('follows a redirect on the same origin with the authorization header', async () => {
    const request = { ...post(`http://127.0.0.1:${port}/moved`), headers: { authorization: 'Bearer token-of-bench' } };
    expect(await sendOutbound(request, { ...DEFAULT_OUTBOUND, allowPrivate: true })).toMatchObject({ reach: 'answered', status: 200, body: 'fine' });
    expect(seen.map((headers) => headers.authorization)).toEqual(['Bearer token-of-bench', 'Bearer token-of-bench']);
  });

  it('refuses a redirect to another origin, and that origin gets neither the token nor the body', async () => {
    const front = await startRedirector(`http://127.0.0.1:${port}`);
    try {
      const request = { ...post(`${front.url}/api/v1/statuses`), headers: { authorization: 'Bearer token-of-bench' } };
      expect(await sendOutbound(request, { ...DEFAULT_OUTBOUND, allowPrivate: true })).toEqual({
        reach: 'refused',
        reason: `It redirected to another address (127.0.0.1:${port}), and the connection's credentials go only to its own address.`,
      });
      expect(front.redirected).toEqual(['POST /api/v1/statuses']);
      expect(seen).toEqual([]);
    } finally {
      await front.close();
    }
  });

  it('follows a redirect to another origin where any is allowed, without authorization or cookie headers', async () => {
    const front = await startRedirector(`http://127.0.0.1:${port}`);
    try {
      const headers = { Authorization: 'Bearer token-of-bench', Cookie: 'session=abc', 'Proxy-Authorization': 'Basic eA==', 'webhook-signature': 'v1,abc' };
      const request = { ...post(`${front.url}/hook`), headers, redirects: 'any-origin' as const };
      expect(await sendOutbound(request, { ...DEFAULT_OUTBOUND, allowPrivate: true })).toMatchObject({ reach: 'answered', status: 200 });
      expect(seen).toHaveLength(1);
      expect(seen[0]).toMatchObject({ 'webhook-signature': 'v1,abc' });
      for (const name of ['authorization', 'cookie', 'proxy-authorization']) expect(seen[0]).not.toHaveProperty(name);
    } finally {
      await front.close();
    }
  });

  it('refuses a literal NAT64 address of loopback in a URL before connecting', async () => {
    expect(await sendOutbound(post('https://[64:ff9b::7f00:1]/hook'), DEFAULT_OUTBOUND)).toEqual({
      reach: 'refused',
      reason: 'This address cannot be used: it points to a private or loopback address.',
    });
  });

  it('streams a body given as a function, and opens it again to follow a redirect', async () => {
    let opened = 0;
    async function* body() {
      opened += 1;
      yield Buffer.from('part one, ');
      yield Buffer.from('part two');
    }
    const result = await sendOutbound(
      { url: `http://127.0.0.1:${port}/redirect-echo`, method: 'POST', headers: { 'content-length': '18' }, body },
      { ...DEFAULT_OUTBOUND, allowPrivate: true },
    );
    expect(result).toMatchObject({ reach: 'answered', status: 200, body: 'part one, part two' });
    expect(opened).toBe(2);
  });

  it('counts a streamed body that cannot be read as not sent', async () => {
    async function* body() {
      yield Buffer.from('part one, ');
      throw new Error('the file is gone');
    }
    const result = await sendOutbound(
      { url: `http://127.0.0.1:${port}/echo`, method: 'POST', headers: { 'content-length': '18' }, body },
      { ...DEFAULT_OUTBOUND, allowPrivate: true },
    );
    expect(result).toEqual({ reach: 'not-sent', reason: 'a file to send could not be read' });
  });

  it('reads at most the size limit of an answer', async () => {
    const result = await sendOutbound(post(`http://127.0.0.1:${port}/big`), { ...DEFAULT_OUTBOUND, allowPrivate: true, maxBodyBytes: 1000 });
    expect(result.reach === 'answered' && result.body.length).toBe(1000);
  });

  it('tells a request that never left from one that left and got no answer', async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const freePort = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    expect(await sendOutbound(post(`http://127.0.0.1:${freePort}/`), { ...DEFAULT_OUTBOUND, allowPrivate: true })).toMatchObject({ reach: 'not-sent' });
  });

  it("sends nothing once the delivery's time limit has passed, and ends a request under way at it as unanswered", async () => {
    const policy = { ...DEFAULT_OUTBOUND, allowPrivate: true };
    const late = new AbortController();
    late.abort();
    expect(await sendOutbound({ ...post(`http://127.0.0.1:${port}/ok`), signal: late.signal }, policy)).toEqual({
      reach: 'not-sent',
      reason: 'the time limit for sending it passed first',
    });
    expect(seen).toHaveLength(0);

    const limit = new AbortController();
    const sending = sendOutbound({ ...post(`http://127.0.0.1:${port}/silent`), signal: limit.signal }, policy);
    await vi.waitFor(() => expect(seen).toHaveLength(1));
    limit.abort();
    expect(await sending).toEqual({ reach: 'no-answer', reason: 'no answer came within the time limit for sending it' });
  });

  it.each([
    ['127.0.0.1', true, undefined],
    ['127.0.0.1', false, 'it points to a private or loopback address'],
    ['10.1.2.3', false, 'it points to a private or loopback address'],
    ['172.20.0.1', false, 'it points to a private or loopback address'],
    ['::ffff:10.0.0.1', false, 'it points to a private or loopback address'],
    ['fd12::1', false, 'it points to a private or loopback address'],
    ['169.254.169.254', true, 'it points to a link-local or cloud metadata address'],
    ['fe80::1', true, 'it points to a link-local or cloud metadata address'],
    ['0.0.0.0', true, 'it points to a link-local or cloud metadata address'],
    ['203.0.113.10', false, undefined],
    ['2001:db8::1', false, undefined],
    ['::1', true, undefined],
    ['::1', false, 'it points to a private or loopback address'],
  ])('judges %s (private allowed: %s)', (address, allowPrivate, refusal) => {
    expect(addressRefusal(address, allowPrivate)).toBe(refusal);
  });

  const PRIVATE = 'it points to a private or loopback address';
  const NEVER = 'it points to a link-local or cloud metadata address';
  it.each([
    ['64:ff9b::7f00:1', 'NAT64 of 127.0.0.1', false, PRIVATE],
    ['64:ff9b::7f00:1', 'NAT64 of 127.0.0.1', true, undefined],
    ['64:ff9b::a9fe:a9fe', 'NAT64 of 169.254.169.254', true, NEVER],
    ['64:ff9b::cb00:710a', 'NAT64 of the public 203.0.113.10', false, undefined],
    ['::ffff:0:7f00:1', 'SIIT form of 127.0.0.1', false, PRIVATE],
    ['::ffff:0:a9fe:a9fe', 'SIIT form of 169.254.169.254', true, NEVER],
    ['::ffff:7f00:1', 'IPv4-mapped 127.0.0.1 in hex', false, PRIVATE],
    ['2002:7f00:1::', '6to4 of 127.0.0.1', false, PRIVATE],
    ['2002:a9fe:a9fe::1', '6to4 of 169.254.169.254', true, NEVER],
    ['2002:cb00:710a::1', '6to4 of the public 203.0.113.10', false, undefined],
    ['::127.0.0.1', 'IPv4-compatible 127.0.0.1', false, PRIVATE],
    ['::a9fe:a9fe', 'IPv4-compatible 169.254.169.254', true, NEVER],
    ['64:ff9b:1::a9fe:a9fe', 'local-use NAT64', false, PRIVATE],
    ['2001:0:4136:e378:8000:63bf:3fff:fdd2', 'Teredo', false, PRIVATE],
    ['fec0::1', 'deprecated site-local', false, PRIVATE],
    ['192.0.0.1', 'IETF protocol assignments', true, NEVER],
    ['192.0.0.170', 'NAT64 discovery', true, NEVER],
    ['192.0.0.192', "Oracle Cloud's older metadata address", true, NEVER],
  ])('judges %s (%s; private allowed: %s) by the IPv4 address it carries, else by its range', (address, _label, allowPrivate, refusal) => {
    expect(addressRefusal(address, allowPrivate)).toBe(refusal);
  });
});

describe('Retry-After', () => {
  it('reads seconds and HTTP dates', () => {
    const now = new Date('2031-01-01T10:00:00Z');
    expect(retryAfterMs('120', now)).toBe(120_000);
    expect(retryAfterMs('Wed, 01 Jan 2031 10:05:00 GMT', now)).toBe(300_000);
    expect(retryAfterMs('soon', now)).toBeUndefined();
  });

  it("waits until Mastodon's X-RateLimit-Reset when a 429 has no Retry-After, and ignores a bare number there", () => {
    const now = new Date('2031-01-01T10:00:00Z');
    expect(rateLimitWaitMs({ 'x-ratelimit-reset': '2031-01-01T11:00:00.000Z' }, now)).toBe(3_600_000);
    expect(rateLimitWaitMs({ 'retry-after': '60', 'x-ratelimit-reset': '2031-01-01T11:00:00.000Z' }, now)).toBe(60_000);
    expect(rateLimitWaitMs({ 'x-ratelimit-reset': '1924999200' }, now)).toBeUndefined();
    expect(rateLimitWaitMs({ 'x-ratelimit-reset': '2031-01-01T09:00:00.000Z' }, now)).toBe(0);
  });
});

describe('credentials at rest', () => {
  it('opens what it sealed, and refuses a changed or foreign box', () => {
    const box = createSecretBox('a'.repeat(40));
    const sealed = box.seal({ url: 'https://hooks.example.com/x', secret: 'whsec_abc' });
    expect(sealed).not.toContain('hooks.example.com');
    expect(box.open(sealed)).toEqual({ url: 'https://hooks.example.com/x', secret: 'whsec_abc' });
    expect(() => createSecretBox('b'.repeat(40)).open(sealed)).toThrow();
    // The ciphertext's first character, whose six bits all count (a last character's low bits may not).
    const [version, iv, tag, data] = sealed.split('.') as [string, string, string, string];
    const tampered = [version, iv, tag, (data[0] === 'A' ? 'B' : 'A') + data.slice(1)].join('.');
    expect(() => box.open(tampered)).toThrow();
  });
});
