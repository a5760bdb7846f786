import { randomBytes } from 'node:crypto';
import type { OutgoingFile } from '../media-files';
import { sendOutbound, type OutboundPolicy } from '../outbound';
import { jsonBody, unanswered, type AttemptOutcome } from '../outcome';
import { pause } from '../pause';

/**
 * Calls to X's API v2 (api.x.com, X_API_URL) with a user's access token, and X's refusals in words.
 * Written from docs.x.com/x-api/fundamentals/response-codes-and-errors (the problem object: `title`,
 * `detail`, `type`, and `errors[]` for invalid requests) and docs.x.com/x-api/fundamentals/rate-limits
 * (x-rate-limit-limit, -remaining and -reset in epoch seconds on every answer; 429 past the limit, or
 * when the app's usage cap is reached). The host is the operator's setting, so a private stand-in is
 * allowed; the token goes in the Authorization header, never in a URL.
 */

export const X_NETWORK = 'X';
/** How long to wait after a 429 that names no reset (X's windows are 15 minutes). */
const DEFAULT_RATE_WAIT_MS = 15 * 60_000;
/** The words X answers a post whose text the account already posted (POST /2/tweets, 403). */
const DUPLICATE = 'duplicate content';

export interface XRequest {
  method: 'GET' | 'POST';
  /** e.g. `/2/tweets`. */
  path: string;
  query?: Record<string, string>;
  json?: unknown;
  /** A multipart body (media upload): its fields and at most one file part, named `media`. */
  multipart?: { fields: Record<string, string>; file?: { bytes: Uint8Array; mime: string } };
  token: string;
  signal?: AbortSignal;
}

export type XAnswer<T> =
  | { ok: true; json: T }
  /** `lost`: the request left and no answer came (X may have acted on it). */
  | { ok: false; outcome: AttemptOutcome; status?: number; lost?: boolean };

/** X's problem object, as far as we read it. */
interface Problem {
  title?: unknown;
  detail?: unknown;
  type?: unknown;
  errors?: { message?: unknown; detail?: unknown; code?: unknown }[];
}

function multipartBody({ fields, file }: NonNullable<XRequest['multipart']>) {
  const boundary = `----planner${randomBytes(12).toString('hex')}`;
  const parts: Buffer[] = Object.entries(fields).map(([name, value]) =>
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
  );
  if (file) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="media"; filename="media"\r\nContent-Type: ${file.mime}\r\n\r\n`));
    parts.push(Buffer.from(file.bytes), Buffer.from('\r\n'));
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(parts), type: `multipart/form-data; boundary=${boundary}` };
}

const header = (headers: Record<string, string | string[] | undefined>, name: string) => {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
};

/** What X said, briefly and without anything that looks like a link (never shown raw). */
function saidOf(problem: Problem | undefined): string | undefined {
  const first = problem?.errors?.[0];
  const said = [first?.message, first?.detail, problem?.detail, problem?.title].find((value) => typeof value === 'string' && value.trim() !== '');
  return typeof said === 'string' ? said.replace(/https?:\/\/\S{1,2000}/g, 'a link').slice(0, 300) : undefined;
}

/** An X answer other than 2xx in words: what happened and what to do, and whether the connection no longer works. */
export function xRefusal(status: number, problem: Problem | undefined, headers: Record<string, string | string[] | undefined>, now: Date): AttemptOutcome {
  const said = saidOf(problem);
  const quoted = said ? ` X said: “${said}”` : '';
  if (status === 401)
    return {
      result: 'failed',
      detail: `${X_NETWORK} no longer accepts this connection: its sign-in was revoked or has ended. Reconnect it in Settings → Connections.`,
      connectionLost: true,
    };
  if (status === 429) {
    const reset = Number(header(headers, 'x-rate-limit-reset'));
    const waitMs = Number.isFinite(reset) && reset > 0 ? Math.max(0, reset * 1000 - now.getTime()) : DEFAULT_RATE_WAIT_MS;
    const capped = typeof problem?.type === 'string' && problem.type.endsWith('/usage-capped');
    return {
      result: 'retry',
      detail: capped
        ? `${X_NETWORK} says this server's X app has used up its allowance for now (429); it will be tried again later. Its administrator can check the app's usage and credits in X's Developer Console.`
        : `${X_NETWORK} asked us to slow down for this account (429); it will be sent when the limit resets, at ${new Date(now.getTime() + waitMs).toISOString().slice(11, 16)} UTC.`,
      retryAfterMs: waitMs,
      // The app's allowance is the whole server's, not the account's: it is not an account's rest.
      ...(capped ? {} : { accountLimited: true as const }),
    };
  }
  if (status === 403 && said?.toLowerCase().includes(DUPLICATE))
    return { result: 'failed', detail: `${X_NETWORK} refused it as a duplicate: this account already posted the same text. Change the text, then retry.` };
  if (status === 403)
    return {
      result: 'failed',
      detail: `${X_NETWORK} did not allow this post (403).${quoted || ' Check that the account may post, then retry.'}`,
    };
  if (status === 408 || status >= 500) return { result: 'retry', detail: `${X_NETWORK} had trouble (${status}).` };
  if (status === 400) return { result: 'failed', detail: `${X_NETWORK} refused the post as it was sent (400).${quoted} Check the post, then retry.` };
  return { result: 'failed', detail: `${X_NETWORK} refused the post (${status}).${quoted || ' Check the post, then retry.'}` };
}

/** One call to X's API: a 2xx answer parsed, anything else an outcome in words. */
export async function xCall<T>(baseUrl: string, request: XRequest, context: { policy: OutboundPolicy; now: () => Date }): Promise<XAnswer<T>> {
  const query = new URLSearchParams(request.query ?? {});
  const url = `${baseUrl}${request.path}${query.size > 0 ? `?${query}` : ''}`;
  const headers: Record<string, string> = { authorization: `Bearer ${request.token}`, 'user-agent': 'content-planner-publisher' };
  let body: string | Buffer | undefined;
  if (request.multipart) {
    const built = multipartBody(request.multipart);
    body = built.body;
    headers['content-type'] = built.type;
  } else if (request.json !== undefined) {
    body = JSON.stringify(request.json);
    headers['content-type'] = 'application/json';
  }
  // The operator's setting, not a user's address: a private stand-in is allowed.
  const result = await sendOutbound(
    { url, method: request.method, headers, ...(body === undefined ? {} : { body }), signal: request.signal },
    { ...context.policy, allowPrivate: true },
  );
  if (result.reach !== 'answered') return unanswered(result, X_NETWORK);
  const json = jsonBody(result.body);
  if (result.status >= 200 && result.status < 300 && json !== undefined) return { ok: true, json: json as T };
  return { ok: false, status: result.status, outcome: xRefusal(result.status, json as Problem | undefined, result.headers, context.now()) };
}

/** A call with the account's token and the attempt's time limit already given. */
export type XCall = <T>(request: Omit<XRequest, 'token' | 'signal'>) => Promise<XAnswer<T>>;

/** A chunk of a chunked upload (X takes up to 5 MB per APPEND; 4 MB leaves room for the envelope). */
const CHUNK_BYTES = 4 * 2 ** 20;
/** The most a STATUS read is waited for, whatever `check_after_secs` says: the attempt's time limit is 90 s in all. */
const MAX_STATUS_WAIT_MS = 10_000;
/** When the next attempt looks again at a video X is still processing. */
const PROCESSING_RETRY_MS = 30_000;

/** An uploaded file: its media id and until when X keeps it; `pending` when X is still processing it (the post waits for the next attempt). */
export interface Uploaded {
  id: string;
  until: string;
  pending?: AttemptOutcome;
}

interface MediaData {
  id?: unknown;
  expires_after_secs?: unknown;
  processing_info?: { state?: unknown; check_after_secs?: unknown; error?: { message?: unknown } };
}

/** An upload's answer lost or refused: nothing is posted yet, so a lost one is simply tried again. */
const uploadFailed = (answer: Extract<XAnswer<unknown>, { ok: false }>): AttemptOutcome =>
  answer.lost ? { result: 'retry', detail: `Not sent: ${X_NETWORK} did not answer a media upload; trying again.` } : answer.outcome;

/**
 * Uploads one file with media upload v2 (docs.x.com/x-api/media/quickstart/media-upload-chunked and the
 * reference pages): an image in one request (POST /2/media/upload, `media_category` tweet_image); a video
 * or GIF in chunks (POST /2/media/upload/initialize, …/{id}/append per chunk, …/{id}/finalize), then
 * GET /2/media/upload?command=STATUS until X has processed it, within the attempt's time limit.
 */
export async function uploadMedia(
  call: XCall,
  file: OutgoingFile,
  kind: 'image' | 'gif' | 'video',
  context: { now: () => Date; signal?: AbortSignal },
): Promise<Uploaded | AttemptOutcome> {
  const until = (data: MediaData) =>
    new Date(context.now().getTime() + (typeof data.expires_after_secs === 'number' ? data.expires_after_secs : 86_400) * 1000).toISOString();
  const idOf = (data: MediaData | undefined) => (typeof data?.id === 'string' ? data.id : undefined);
  if (kind === 'image') {
    const answer = await file.withBytes((bytes) =>
      call<{ data?: MediaData }>({
        method: 'POST',
        path: '/2/media/upload',
        multipart: { fields: { media_category: 'tweet_image' }, file: { bytes, mime: file.mime } },
      }),
    );
    if (!answer.ok) return uploadFailed(answer);
    const id = idOf(answer.json.data);
    return id ? { id, until: until(answer.json.data!) } : { result: 'retry', detail: `${X_NETWORK} did not name the uploaded image.` };
  }
  const init = await call<{ data?: MediaData }>({
    method: 'POST',
    path: '/2/media/upload/initialize',
    json: { media_type: file.mime, total_bytes: file.size, media_category: kind === 'gif' ? 'tweet_gif' : 'tweet_video' },
  });
  if (!init.ok) return uploadFailed(init);
  const id = idOf(init.json.data);
  if (!id) return { result: 'retry', detail: `${X_NETWORK} did not name the upload it started.` };
  // The file streamed from the store and sent a chunk at a time: never more than one chunk in memory.
  const appended = await file.send(async (body) => {
    let buffered: Buffer[] = [];
    let size = 0;
    let index = 0;
    const flush = async () => {
      const answer = await call({
        method: 'POST',
        path: `/2/media/upload/${id}/append`,
        multipart: { fields: { segment_index: String(index) }, file: { bytes: Buffer.concat(buffered), mime: 'application/octet-stream' } },
      });
      index += 1;
      buffered = [];
      size = 0;
      return answer.ok ? undefined : uploadFailed(answer);
    };
    for await (const chunk of body()) {
      buffered.push(Buffer.from(chunk));
      size += chunk.length;
      if (size >= CHUNK_BYTES) {
        const failed = await flush();
        if (failed) return failed;
      }
    }
    return size > 0 ? flush() : undefined;
  });
  if (appended) return appended;
  const finalized = await call<{ data?: MediaData }>({ method: 'POST', path: `/2/media/upload/${id}/finalize` });
  if (!finalized.ok) return uploadFailed(finalized);
  let data = finalized.json.data ?? {};
  const kept = until(data);
  for (let read = 0; ; read++) {
    const state = data.processing_info?.state;
    if (state === undefined || state === 'succeeded') return { id, until: kept };
    if (state === 'failed') {
      const said = data.processing_info?.error?.message;
      return {
        result: 'failed',
        detail: `${X_NETWORK} could not process the ${kind === 'gif' ? 'GIF' : 'video'}${typeof said === 'string' ? ` (“${said.slice(0, 200)}”)` : ''}. It takes MP4 videos (H.264, AAC) of up to 2 minutes 20 seconds; replace it, then retry.`,
      };
    }
    const after = typeof data.processing_info?.check_after_secs === 'number' ? data.processing_info.check_after_secs * 1000 : 1000;
    // The first status is read at once (X may be done already); later ones when X says to look again.
    if (read > 0 && !(await pause(Math.min(after, MAX_STATUS_WAIT_MS), context.signal)))
      return {
        id,
        until: kept,
        pending: {
          result: 'retry',
          detail: `${X_NETWORK} is still processing the video; it will be posted once it is ready.`,
          retryAfterMs: PROCESSING_RETRY_MS,
        },
      };
    const status = await call<{ data?: MediaData }>({ method: 'GET', path: '/2/media/upload', query: { command: 'STATUS', media_id: id } });
    if (!status.ok) return uploadFailed(status);
    data = status.json.data ?? {};
  }
}
