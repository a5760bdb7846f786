import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** A reply the fake instance gives instead of its normal answer, to the next request on that path. */
export type MastodonFault = { path: '/api/v1/statuses' | '/api/v2/media'; status: number } | { path: '/api/v1/statuses'; hangUp: true };

export interface PostedStatus {
  id: string;
  status: string;
  mediaIds: string[];
  idempotencyKey: string | undefined;
  url: string;
}

/**
 * A local server speaking the part of Mastodon's API that publishing uses: verify_credentials, media
 * upload (multipart, v2) and statuses, with bearer tokens and `Idempotency-Key` honoured as Mastodon
 * does (a repeated key answers the first status, posts nothing new).
 */
export async function startMastodonServer(token = 'token-of-bench') {
  const statuses: PostedStatus[] = [];
  const media = new Map<string, { bytes: number; type: string }>();
  const faults: MastodonFault[] = [];
  const byKey = new Map<string, PostedStatus>();
  /** Every request as it arrived, with the Authorization header it carried. */
  const received: { method: string; path: string; authorization: string | undefined }[] = [];
  const server = http.createServer((request, response) => {
    received.push({ method: request.method ?? '', path: request.url ?? '', authorization: request.headers.authorization });
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks);
      const send = (status: number, json: unknown) => response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(json));
      if (request.headers.authorization !== `Bearer ${token}`) return send(401, { error: 'The access token is invalid' });
      const path = request.url ?? '';
      const fault = faults.findIndex((candidate) => candidate.path === path);
      if (fault >= 0) {
        const [taken] = faults.splice(fault, 1);
        if ('hangUp' in taken!) {
          // It did post: only the answer is lost.
          const key = request.headers['idempotency-key'] as string | undefined;
          const posted = record(JSON.parse(body.toString('utf8')), key);
          if (key) byKey.set(key, posted);
          return request.socket.destroy();
        }
        return send(taken!.status, { error: 'Fault' });
      }
      if (request.method === 'GET' && path === '/api/v1/accounts/verify_credentials')
        return send(200, { id: '1', acct: 'brightsmile', username: 'brightsmile' });
      if (request.method === 'POST' && path === '/api/v2/media') {
        const type = String(request.headers['content-type'] ?? '');
        if (!type.startsWith('multipart/form-data; boundary=') || !body.includes('name="file"')) return send(422, { error: 'File is missing' });
        const id = randomUUID();
        media.set(id, { bytes: body.length, type: /Content-Type: (\S+)/.exec(body.toString('latin1'))?.[1] ?? '' });
        return send(200, { id, type: 'image' });
      }
      if (request.method === 'POST' && path === '/api/v1/statuses') {
        const key = request.headers['idempotency-key'] as string | undefined;
        if (key && byKey.has(key)) return send(200, toJson(byKey.get(key)!));
        const input = JSON.parse(body.toString('utf8')) as { status: string; media_ids?: string[] };
        if ((input.media_ids ?? []).some((id) => !media.has(id))) return send(422, { error: 'Unknown media' });
        const posted = record(input, key);
        if (key) byKey.set(key, posted);
        return send(200, toJson(posted));
      }
      send(404, { error: 'Record not found' });
    });
  });
  const record = (input: { status: string; media_ids?: string[] }, key: string | undefined): PostedStatus => {
    const id = String(statuses.length + 1);
    const posted = { id, status: input.status, mediaIds: input.media_ids ?? [], idempotencyKey: key, url: `https://mastodon.example/@brightsmile/${id}` };
    statuses.push(posted);
    return posted;
  };
  const toJson = (posted: PostedStatus) => ({
    id: posted.id,
    url: posted.url,
    content: `<p>${posted.status}</p>`,
    media_attachments: posted.mediaIds.map((id) => ({ id })),
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    token,
    statuses,
    media,
    received,
    fault: (...next: MastodonFault[]) => faults.push(...next),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
