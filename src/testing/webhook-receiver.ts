import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';

/**
 * What the receiver answers to one request: a reply, a hang-up after reading it, or a redirect; or,
 * with `until` alone, the usual answer once that promise settles (a slow receiver holding the request).
 */
export type Reply = { status: number; headers?: Record<string, string>; body?: string } | { hangUp: true } | { until: Promise<unknown> };

export interface ReceivedWebhook {
  id: string;
  timestamp: string;
  /** The `webhook-signature` header as sent. */
  signature: string;
  /** True when the signature is the one `standardwebhooks` makes for this id, time and body with the secret. */
  signed: boolean;
  body: { type: string; timestamp: string; data: Record<string, any> };
  raw: string;
  /** When it arrived (ms since 1970). */
  receivedAt: number;
}

/** The usual answer: 200 with a live-post link. */
const published = (id: string) => ({
  status: 200,
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ url: `https://social.example/p/${id}` }),
});

/**
 * A webhook receiver on a loopback port that checks every request's signature with the
 * `standardwebhooks` package (the secret is learnt when the connection is made). Replies are scripted
 * in order; when none is queued it answers 200 with a live-post link. `latencyMs`: every answer comes
 * that long after the request (a real network's time to answer, for benchmarks). `backlog`: connections
 * the kernel queues before they are accepted (node's default is 511; a burst of thousands of new
 * connections at once overflows that, and a dropped connection is retried only a second later).
 */
export async function startWebhookReceiver(options: { latencyMs?: number; backlog?: number } = {}) {
  const latencyMs = options.latencyMs ?? 0;
  const later = (answer: () => void) => (latencyMs > 0 ? void setTimeout(answer, latencyMs) : answer());
  const received: ReceivedWebhook[] = [];
  const replies: Reply[] = [];
  let secret = '';
  // One verifier per secret: the package decodes the secret when it is made.
  let verifier: { secret: string; webhook: Webhook } | undefined;
  const webhookFor = (value: string) => (verifier?.secret === value ? verifier : (verifier = { secret: value, webhook: new Webhook(value) })).webhook;
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      const id = String(request.headers['webhook-id'] ?? '');
      const timestamp = String(request.headers['webhook-timestamp'] ?? '');
      const signature = String(request.headers['webhook-signature'] ?? '');
      const expected = secret ? webhookFor(secret).sign(id, new Date(Number(timestamp) * 1000), raw) : '';
      received.push({
        receivedAt: Date.now(),
        id,
        timestamp,
        signature,
        signed: expected !== '' && signature.split(' ').includes(expected),
        body: JSON.parse(raw || '{}'),
        raw,
      });
      const queued = replies.shift();
      void Promise.resolve(queued && 'until' in queued ? queued.until : undefined).then(() =>
        later(() => {
          const reply = !queued || 'until' in queued ? published(id) : queued;
          if ('hangUp' in reply) return request.socket.destroy();
          response.writeHead(reply.status, reply.headers ?? {});
          response.end(reply.body ?? '');
        }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen({ port: 0, host: '127.0.0.1', backlog: options.backlog ?? 511 }, resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    received,
    /** Queues the next replies, in order. */
    reply: (...next: Reply[]) => replies.push(...next),
    /** Holds the next request without an answer until `release()`; then answers as usual (200 with a live-post link). */
    hold() {
      let release!: () => void;
      const until = new Promise<void>((resolve) => (release = resolve));
      replies.push({ until });
      return release;
    },
    useSecret: (value: string) => (secret = value),
    secret: () => secret,
    /** Publish requests only (a connection test is another event). */
    posts: () => received.filter((item) => item.body.type === 'post.publish'),
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        // A request still held ends with the receiver.
        server.closeAllConnections();
      }),
  };
}

export type WebhookReceiver = Awaited<ReturnType<typeof startWebhookReceiver>>;
