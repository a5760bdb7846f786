import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import { mastodonLength } from '@shared/domain/text-length';
import type { OutgoingFile } from '../media-files';
import { sendOutbound, type OutboundPolicy } from '../outbound';
import { liveLink, outcomeOf, type AttemptOutcome } from '../outcome';
import { readMastodon } from './account-posts';
import { checkedAddress, type Channel } from './channel';

export interface MastodonCredentials {
  /** The instance's origin, e.g. https://mastodon.social */
  instanceUrl: string;
  accessToken: string;
}

/** Mastodon's default limits: a status's characters, and its attachments (images up to 16 MB, videos up to 99 MB, above our 10 MB). */
export const MASTODON_TEXT_MAX = 500;
export const MASTODON_MEDIA_MAX = 4;
/**
 * Mastodon keeps an `Idempotency-Key` for an hour; past 55 minutes (a margin for clocks and the time a
 * request takes) a repeat may post again, so the account's posts are read back first.
 */
export const MASTODON_KEY_WINDOW_MS = 55 * 60_000;
const RECEIVER = 'Mastodon';

const auth = (credentials: MastodonCredentials) => ({ authorization: `Bearer ${credentials.accessToken}`, 'user-agent': 'content-planner-publisher' });

/**
 * The upload's multipart envelope around the file, streamed: its length is known from the file's size.
 * The file's alt text goes first as `description` (media/: "for accessibility purposes").
 */
function multipart(file: OutgoingFile, bytes: () => AsyncIterable<Uint8Array>) {
  const boundary = `----planner${randomBytes(12).toString('hex')}`;
  const description = file.alt ? `--${boundary}\r\nContent-Disposition: form-data; name="description"\r\n\r\n${file.alt}\r\n` : '';
  const head = Buffer.from(
    `${description}--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name.replace(/"/g, '')}"\r\nContent-Type: ${file.mime}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    body: async function* () {
      yield head;
      yield* bytes();
      yield tail;
    },
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': String(head.length + file.size + tail.length) },
  };
}

/** Uploads a file (POST /api/v2/media): its media id, or the attempt's outcome when it was not taken. */
async function upload(
  credentials: MastodonCredentials,
  file: OutgoingFile,
  policy: OutboundPolicy,
  now: () => Date,
  signal?: AbortSignal,
): Promise<string | AttemptOutcome> {
  const result = await file.send((bytes) => {
    const { body, headers } = multipart(file, bytes);
    return sendOutbound(
      { url: `${credentials.instanceUrl}/api/v2/media`, method: 'POST', headers: { ...auth(credentials), ...headers }, body, signal },
      policy,
    );
  });
  if (result.reach !== 'answered' || (result.status !== 200 && result.status !== 202)) {
    const outcome = outcomeOf(result, RECEIVER, now());
    // An upload without an answer posted nothing yet: trying again is safe.
    return outcome.result === 'unknown' ? { result: 'retry', detail: 'Not sent: a media upload got no answer.' } : outcome;
  }
  const id = (JSON.parse(result.body) as { id?: unknown }).id;
  return typeof id === 'string' ? id : { result: 'retry', detail: 'Not sent: Mastodon did not name the uploaded media.' };
}

/** Checks the token: "Connected as @name." or the refusal in words. */
export async function verifyMastodon(credentials: MastodonCredentials, policy: OutboundPolicy, now: Date): Promise<{ ok: boolean; message: string }> {
  const result = await sendOutbound(
    { url: `${credentials.instanceUrl}/api/v1/accounts/verify_credentials`, method: 'GET', headers: auth(credentials) },
    policy,
  );
  if (result.reach === 'answered' && result.status === 200) {
    const account = (() => {
      try {
        return (JSON.parse(result.body) as { acct?: unknown }).acct;
      } catch {
        return undefined;
      }
    })();
    return { ok: true, message: typeof account === 'string' ? `Connected as @${account.slice(0, 100)}.` : 'Connected.' };
  }
  const outcome = outcomeOf(result, RECEIVER, now);
  return { ok: false, message: outcome.detail };
}

/** A delivery as sendMastodon needs it: its id (the Idempotency-Key) and when a status of it was first sent, if ever. */
export interface MastodonDelivery {
  id: string;
  sentAt: string | null;
  /** Records, before the status is first sent, that it may be on Mastodon from now on. */
  markSent: (at: string) => Promise<void>;
}

/**
 * Posts a status with its media: up to 4 files uploaded (POST /api/v2/media), then the status
 * (POST /api/v1/statuses) with `Idempotency-Key` set to the delivery's id, so a retry after a lost
 * answer does not post twice. Mastodon keeps the key for an hour: a retry later than that first looks
 * for the status on the account (`findPosted`).
 */
export async function sendMastodon(
  credentials: MastodonCredentials,
  delivery: MastodonDelivery,
  status: { text: string; media: OutgoingFile[] },
  policy: OutboundPolicy,
  now: () => Date,
  signal?: AbortSignal,
): Promise<AttemptOutcome> {
  // Counted as Mastodon counts (a link is 23), the same rule the planner and the editor use.
  if (mastodonLength(status.text) > MASTODON_TEXT_MAX)
    return { result: 'failed', detail: `The post is longer than Mastodon's ${MASTODON_TEXT_MAX} characters. Shorten it, then retry.` };
  if (delivery.sentAt && now().getTime() - Date.parse(delivery.sentAt) > MASTODON_KEY_WINDOW_MS) {
    const found = await findPosted(credentials, status.text, new Date(delivery.sentAt), policy, now, signal);
    if (found) return found;
  }
  const mediaIds: string[] = [];
  // Only what Mastodon takes is read: the files past the 4th stay in the store.
  for (const file of status.media.slice(0, MASTODON_MEDIA_MAX)) {
    const uploaded = await upload(credentials, file, policy, now, signal);
    if (typeof uploaded !== 'string') return uploaded;
    mediaIds.push(uploaded);
  }
  if (!delivery.sentAt) await delivery.markSent(now().toISOString());
  const result = await sendOutbound(
    {
      url: `${credentials.instanceUrl}/api/v1/statuses`,
      method: 'POST',
      headers: { ...auth(credentials), 'content-type': 'application/json', 'idempotency-key': delivery.id },
      body: JSON.stringify({ status: status.text, media_ids: mediaIds }),
      signal,
    },
    policy,
  );
  const outcome = outcomeOf(result, RECEIVER, now());
  // Within the hour the same Idempotency-Key cannot post twice, so a lost answer is simply retried.
  if (outcome.result === 'unknown') return { result: 'retry', detail: 'Sent, but no answer came; sending again under the same Idempotency-Key.' };
  if (outcome.result === 'published' && status.media.length > MASTODON_MEDIA_MAX)
    return { ...outcome, detail: `${outcome.detail} Only the first ${MASTODON_MEDIA_MAX} images or videos went out, Mastodon's most.` };
  return outcome;
}

/** How far the instance's clock may be behind ours when comparing a status's time with the first send. */
const CLOCK_SKEW_MS = 5 * 60_000;
/** The account's latest statuses read back (Mastodon's most per page), and how many of them are opened. */
const READ_BACK_PAGE = 40;
const READ_BACK_CANDIDATES = 10;

/**
 * After the Idempotency-Key's hour: looks among the account's latest statuses for one made since the
 * first send with this text (its source, GET /api/v1/statuses/:id/source, is the text we sent).
 * Found: published, with its link. Undefined: it is not there, so sending is safe. A check that
 * could not be made: retried later when Mastodon had trouble, else 'unknown' with what to do.
 */
async function findPosted(
  credentials: MastodonCredentials,
  text: string,
  sentAt: Date,
  policy: OutboundPolicy,
  now: () => Date,
  signal?: AbortSignal,
): Promise<AttemptOutcome | undefined> {
  const get = async (path: string) => {
    const result = await sendOutbound({ url: `${credentials.instanceUrl}${path}`, method: 'GET', headers: auth(credentials), signal }, policy);
    if (result.reach === 'answered' && result.status === 200) {
      try {
        return { json: JSON.parse(result.body) as unknown };
      } catch {
        return { failure: cannotCheck("Mastodon's answer was not readable") };
      }
    }
    const outcome = outcomeOf(result, RECEIVER, now());
    if (outcome.result === 'retry') return { failure: { ...outcome, detail: `Could not yet check whether an earlier attempt posted it. ${outcome.detail}` } };
    const status = result.reach === 'answered' ? ` (${result.status})` : '';
    return { failure: cannotCheck(`Mastodon did not show the account's posts${status}`) };
  };
  const account = await get('/api/v1/accounts/verify_credentials');
  if (account.failure) return account.failure;
  const accountId = (account.json as { id?: unknown }).id;
  if (typeof accountId !== 'string') return cannotCheck('Mastodon did not name the account');
  const page = await get(`/api/v1/accounts/${encodeURIComponent(accountId)}/statuses?limit=${READ_BACK_PAGE}&exclude_reblogs=true`);
  if (page.failure) return page.failure;
  if (!Array.isArray(page.json)) return cannotCheck("Mastodon's answer was not readable");
  const statuses = page.json as { id?: unknown; created_at?: unknown; url?: unknown }[];
  const since = sentAt.getTime() - CLOCK_SKEW_MS;
  const candidates = statuses.filter((item) => typeof item.id === 'string' && typeof item.created_at === 'string' && Date.parse(item.created_at) >= since);
  // Every status of the page is newer, or too many to open: ours may be among those not looked at.
  if ((statuses.length >= READ_BACK_PAGE && candidates.length === statuses.length) || candidates.length > READ_BACK_CANDIDATES)
    return cannotCheck('the account posted too much since to find it');
  for (const candidate of candidates) {
    const source = await get(`/api/v1/statuses/${encodeURIComponent(candidate.id as string)}/source`);
    if (source.failure) return source.failure;
    const posted = (source.json as { text?: unknown }).text;
    if (typeof posted === 'string' && posted.trim() === text.trim())
      return {
        result: 'published',
        detail: 'It was already on Mastodon from an earlier attempt whose answer was lost.',
        liveUrl: liveLink(candidate.url),
      };
  }
  return undefined;
}

const cannotCheck = (why: string): AttemptOutcome => ({
  result: 'unknown',
  detail:
    `This post was sent to Mastodon over an hour ago without a clear answer, and Mastodon no longer recognises a repeat after an hour, so we looked for it on the account first, but ${why}. ` +
    'Give the access token the read:accounts and read:statuses scopes, or look at the account: confirm the post if it is there, or retry.',
});

/** Mastodon: a status with up to 4 files, sent once per delivery (Idempotency-Key, then a read-back after its hour). */
export function mastodonChannel(policy: OutboundPolicy): Channel<MastodonCredentials, 'mastodon'> {
  return {
    kind: 'mastodon',
    credentialsSchema: z.object({ instanceUrl: z.string(), accessToken: z.string() }),
    async prepare(input) {
      const url = await checkedAddress('instanceUrl', input.instanceUrl, policy);
      return { credentials: { instanceUrl: url.origin, accessToken: input.accessToken }, target: url.host, signingSecret: null };
    },
    test: (credentials, _connection, now) => verifyMastodon(credentials, policy, now()),
    latestPosts: (credentials) => readMastodon(credentials, policy),
    async send(credentials, delivery, content, { now, signal }) {
      const media = await content.files();
      return sendMastodon(credentials, delivery, { text: content.text, media }, policy, now, signal);
    },
    readBack: async (credentials, delivery, { text }, { now, signal }) =>
      delivery.sentAt ? findPosted(credentials, text, new Date(delivery.sentAt), policy, now, signal) : undefined,
  };
}
