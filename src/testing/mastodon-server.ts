/**
 * A stand-in for a Mastodon instance, written from Mastodon's API reference:
 * - https://docs.joinmastodon.org/methods/statuses/ (POST /api/v1/statuses: `Idempotency-Key` "stored for up
 *   to 1 hour", at most 4 `media_ids[]`; GET /api/v1/statuses/:id/source)
 * - https://docs.joinmastodon.org/methods/media/ (POST /api/v2/media, multipart `file` and `description`,
 *   "a plain-text description of the media, for accessibility purposes"; at most 1,500 characters, the
 *   default `configuration.media_attachments.description_limit` of entities/Instance/)
 * - https://docs.joinmastodon.org/methods/accounts/ (verify_credentials; GET /api/v1/accounts/:id/statuses)
 * - https://docs.joinmastodon.org/api/oauth-scopes/ (read:accounts, read:statuses, write:statuses, write:media)
 * - https://docs.joinmastodon.org/entities/Error/ (`{ error }` bodies). A 429 a test injects with `fault`
 *   carries `X-RateLimit-Reset` as Mastodon's does (api/rate-limits/), other statuses `Retry-After`.
 * It refuses what an instance refuses: a wrong token (401), a missing scope (403), a fifth attachment (422).
 */
import { createHash, randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** A reply the fake instance gives instead of its normal answer, to the next request on that path; `until`: its normal answer, once that settles. */
export type MastodonFault =
  | { path: '/api/v1/statuses' | '/api/v2/media'; status: number; retryAfterSeconds?: number }
  | { path: '/api/v1/statuses'; hangUp: true }
  | { path: '/api/v1/statuses' | '/api/v2/media'; until: Promise<unknown> };

export interface PostedStatus {
  id: string;
  status: string;
  mediaIds: string[];
  idempotencyKey: string | undefined;
  url: string;
  createdAt: string;
}

/** An uploaded file as the instance got it: its bytes' length and SHA-256, and its declared type. */
export interface UploadedMedia {
  bytes: number;
  sha256: string;
  type: string;
  /** The alt text sent with it, if any. */
  description?: string;
}

/** The scopes a token made under Preferences → Development gets when the docs' scopes are ticked. */
export const MASTODON_SCOPES = ['read:accounts', 'read:statuses', 'write:media', 'write:statuses'];
const ACCOUNT_ID = '1';
/** Mastodon keeps an Idempotency-Key for an hour (PostStatusService, `expires_in: 3600`). */
const KEY_TTL_MS = 3600_000;
const DESCRIPTION_MAX = 1500;

/** The part named `name` of a multipart body, as Rack reads it; undefined when there is none. */
function formPart(body: Buffer, contentType: string, name: string): { bytes: Buffer; type: string } | undefined {
  const boundary = /^multipart\/form-data; boundary=(.+)$/.exec(contentType)?.[1];
  if (!boundary) return undefined;
  const delimiter = Buffer.from(`\r\n--${boundary}`);
  const first = body.indexOf(`--${boundary}\r\n`);
  if (first < 0) return undefined;
  for (let start = first + boundary.length + 4; ;) {
    const headEnd = body.indexOf('\r\n\r\n', start);
    const end = headEnd < 0 ? -1 : body.indexOf(delimiter, headEnd);
    if (end < 0) return undefined;
    const head = body.subarray(start, headEnd).toString('latin1');
    if (head.includes(`name="${name}"`)) return { bytes: body.subarray(headEnd + 4, end), type: /Content-Type: (\S+)/i.exec(head)?.[1] ?? '' };
    // The next part starts after a line break; `--` closes the body.
    start = end + delimiter.length;
    if (body.subarray(start, start + 2).toString('latin1') !== '\r\n') return undefined;
    start += 2;
  }
}

/**
 * A local server speaking the part of Mastodon's API that publishing uses, as Mastodon documents it:
 * verify_credentials, media upload (multipart, v2), statuses (at most 4 media), an account's statuses
 * and a status's source; bearer tokens with their scopes (a missing scope is refused, 403), and
 * `Idempotency-Key` honoured for an hour as Mastodon does (a repeated key answers the first status and
 * posts nothing new; after the hour it posts again). Times come from `now` (tests pass their clock).
 */
export async function startMastodonServer(token = 'token-of-bench', options: { now?: () => Date; scopes?: string[] } = {}) {
  const { now = () => new Date(), scopes = MASTODON_SCOPES } = options;
  const statuses: PostedStatus[] = [];
  const media = new Map<string, UploadedMedia>();
  const faults: MastodonFault[] = [];
  const byKey = new Map<string, { posted: PostedStatus; at: number }>();
  /** Every request as it arrived, with the Authorization header it carried. */
  const received: { method: string; path: string; authorization: string | undefined }[] = [];
  /** Bytes of request bodies received so far, counted as they arrive. */
  const bodyBytes = { received: 0 };
  const allowed = (...needed: string[]) => needed.some((scope) => scopes.includes(scope));
  /**
   * A 429 says when the limit lifts as Mastodon does (api/rate-limits/: X-RateLimit-Limit, -Remaining and
   * -Reset, an ISO 8601 timestamp, and no Retry-After); other fault statuses carry Retry-After, as a proxy
   * in front of an instance may send.
   */
  const faultHeaders = ({ status, retryAfterSeconds }: { status: number; retryAfterSeconds?: number }): Record<string, string> => {
    if (retryAfterSeconds === undefined) return {};
    if (status !== 429) return { 'retry-after': String(retryAfterSeconds) };
    const reset = new Date(now().getTime() + retryAfterSeconds * 1000).toISOString();
    return { 'x-ratelimit-limit': '300', 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': reset };
  };
  const server = http.createServer((request, response) => {
    received.push({ method: request.method ?? '', path: request.url ?? '', authorization: request.headers.authorization });
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => {
      bodyBytes.received += chunk.length;
      chunks.push(chunk);
    });
    request.on('end', () => {
      const body = Buffer.concat(chunks);
      let held: Promise<unknown> | undefined;
      const reply = (status: number, json: unknown, headers: Record<string, string>) =>
        response.writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(json));
      const send = (status: number, json: unknown, headers: Record<string, string> = {}) =>
        held ? void held.then(() => reply(status, json, headers)) : reply(status, json, headers);
      const outOfScope = () => send(403, { error: 'This action is outside the authorized scopes' });
      if (request.headers.authorization !== `Bearer ${token}`) return send(401, { error: 'The access token is invalid' });
      const [path = '', query = ''] = (request.url ?? '').split('?');
      const fault = faults.findIndex((candidate) => candidate.path === path);
      if (fault >= 0) {
        const [taken] = faults.splice(fault, 1);
        if ('until' in taken!) held = taken.until;
        else if ('hangUp' in taken!) {
          // It did post: only the answer is lost.
          const key = request.headers['idempotency-key'] as string | undefined;
          record(JSON.parse(body.toString('utf8')), key);
          return request.socket.destroy();
        } else return send(taken!.status, { error: 'Fault' }, faultHeaders(taken!));
      }
      if (request.method === 'GET' && path === '/api/v1/accounts/verify_credentials') {
        if (!allowed('read', 'read:accounts', 'profile')) return outOfScope();
        return send(200, { id: ACCOUNT_ID, acct: 'brightsmile', username: 'brightsmile' });
      }
      const accountStatuses = /^\/api\/v1\/accounts\/([^/]+)\/statuses$/.exec(path);
      if (request.method === 'GET' && accountStatuses) {
        // Public statuses are shown without a token; a token that is given must carry the scope.
        if (!allowed('read', 'read:statuses')) return outOfScope();
        if (accountStatuses[1] !== ACCOUNT_ID) return send(404, { error: 'Record not found' });
        const limit = Math.min(Math.max(Number(new URLSearchParams(query).get('limit') ?? 20) || 20, 1), 40);
        return send(200, [...statuses].reverse().slice(0, limit).map(toJson));
      }
      const source = /^\/api\/v1\/statuses\/([^/]+)\/source$/.exec(path);
      if (request.method === 'GET' && source) {
        if (!allowed('read', 'read:statuses')) return outOfScope();
        const status = statuses.find((item) => item.id === source[1]);
        return status ? send(200, { id: status.id, text: status.status, spoiler_text: '' }) : send(404, { error: 'Record not found' });
      }
      if (request.method === 'POST' && path === '/api/v2/media') {
        if (!allowed('write', 'write:media')) return outOfScope();
        const file = formPart(body, String(request.headers['content-type'] ?? ''), 'file');
        if (!file) return send(422, { error: 'Validation failed: File content type is invalid, File is invalid' });
        const description = formPart(body, String(request.headers['content-type'] ?? ''), 'description')?.bytes.toString('utf8');
        if (description !== undefined && [...description].length > DESCRIPTION_MAX)
          return send(422, { error: `Validation failed: Description is too long (maximum is ${DESCRIPTION_MAX} characters)` });
        const id = randomUUID();
        const sha256 = createHash('sha256').update(file.bytes).digest('hex');
        media.set(id, { bytes: file.bytes.length, sha256, type: file.type, ...(description === undefined ? {} : { description }) });
        return send(200, { id, type: file.type.startsWith('video/') ? 'video' : 'image' });
      }
      if (request.method === 'POST' && path === '/api/v1/statuses') {
        if (!allowed('write', 'write:statuses')) return outOfScope();
        const key = request.headers['idempotency-key'] as string | undefined;
        const kept = key ? byKey.get(key) : undefined;
        if (kept && now().getTime() - kept.at < KEY_TTL_MS) return send(200, toJson(kept.posted));
        const input = JSON.parse(body.toString('utf8')) as { status: string; media_ids?: string[] };
        if ((input.media_ids ?? []).length > 4) return send(422, { error: 'Validation failed: Cannot attach more than 4 files' });
        if ((input.media_ids ?? []).some((id) => !media.has(id))) return send(422, { error: 'Unknown media' });
        return send(200, toJson(record(input, key)));
      }
      send(404, { error: 'Record not found' });
    });
  });
  const record = (input: { status: string; media_ids?: string[] }, key: string | undefined): PostedStatus => {
    const id = String(statuses.length + 1);
    const at = now();
    const posted = {
      id,
      status: input.status,
      mediaIds: input.media_ids ?? [],
      idempotencyKey: key,
      url: `https://mastodon.example/@brightsmile/${id}`,
      createdAt: at.toISOString(),
    };
    statuses.push(posted);
    if (key) byKey.set(key, { posted, at: at.getTime() });
    return posted;
  };
  const toJson = (posted: PostedStatus) => ({
    id: posted.id,
    created_at: posted.createdAt,
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
    bodyBytes,
    fault: (...next: MastodonFault[]) => faults.push(...next),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
