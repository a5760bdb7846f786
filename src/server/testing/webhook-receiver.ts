import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';

/** What the receiver answers to one request: a reply, a hang-up after reading it, or a redirect. */
export type Reply = { status: number; headers?: Record<string, string>; body?: string } | { hangUp: true };

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

/**
 * A webhook receiver on a loopback port that checks every request's signature with the
 * `standardwebhooks` package (the secret is learnt when the connection is made). Replies are scripted
 * in order; when none is queued it answers 200 with a live-post link.
 */
export async function startWebhookReceiver() {
  const received: ReceivedWebhook[] = [];
  const replies: Reply[] = [];
  let secret = '';
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      const id = String(request.headers['webhook-id'] ?? '');
      const timestamp = String(request.headers['webhook-timestamp'] ?? '');
      const signature = String(request.headers['webhook-signature'] ?? '');
      const expected = secret ? new Webhook(secret).sign(id, new Date(Number(timestamp) * 1000), raw) : '';
      received.push({
        receivedAt: Date.now(),
        id,
        timestamp,
        signature,
        signed: expected !== '' && signature.split(' ').includes(expected),
        body: JSON.parse(raw || '{}'),
        raw,
      });
      const reply = replies.shift() ?? {
        status: 200,
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ url: `https://social.example/p/${id}` }),
      };
      if ('hangUp' in reply) return request.socket.destroy();
      response.writeHead(reply.status, reply.headers ?? {});
      response.end(reply.body ?? '');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    received,
    /** Queues the next replies, in order. */
    reply: (...next: Reply[]) => replies.push(...next),
    useSecret: (value: string) => (secret = value),
    secret: () => secret,
    /** Publish requests only (a connection test is another event). */
    posts: () => received.filter((item) => item.body.type === 'post.publish'),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type WebhookReceiver = Awaited<ReturnType<typeof startWebhookReceiver>>;
