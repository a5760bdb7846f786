import { randomBytes } from 'node:crypto';
import { mastodonLength } from '@shared/domain/text-length';
import { sendOutbound, type OutboundPolicy } from './outbound';
import { outcomeOf, type AttemptOutcome } from './outcome';

export interface MastodonCredentials {
  /** The instance's origin, e.g. https://mastodon.social */
  instanceUrl: string;
  accessToken: string;
}

export interface MediaFile {
  bytes: Buffer;
  mime: string;
  name: string;
}

/** Mastodon's default limit of a status's characters. */
export const MASTODON_TEXT_MAX = 500;
const RECEIVER = 'Mastodon';

const auth = (credentials: MastodonCredentials) => ({ authorization: `Bearer ${credentials.accessToken}`, 'user-agent': 'content-planner-publisher' });

function multipart(file: MediaFile): { body: Buffer; type: string } {
  const boundary = `----planner${randomBytes(12).toString('hex')}`;
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name.replace(/"/g, '')}"\r\nContent-Type: ${file.mime}\r\n\r\n`;
  return { body: Buffer.concat([Buffer.from(head), file.bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]), type: `multipart/form-data; boundary=${boundary}` };
}

/** Checks the token: "Connected as @name." or the refusal in words. */
export async function verifyMastodon(credentials: MastodonCredentials, policy: OutboundPolicy, now: Date): Promise<{ ok: boolean; message: string }> {
  const result = await sendOutbound(
    { url: `${credentials.instanceUrl}/api/v1/accounts/verify_credentials`, method: 'GET', headers: auth(credentials) },
    policy,
  );
  if (result.kind === 'answered' && result.status === 200) {
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

/**
 * Posts a status with its media: each file uploaded (POST /api/v2/media), then the status
 * (POST /api/v1/statuses) with `Idempotency-Key` set to the delivery's id, so a retry after a lost
 * answer does not post twice (Mastodon keeps the key for an hour).
 */
export async function sendMastodon(
  credentials: MastodonCredentials,
  idempotencyKey: string,
  status: { text: string; media: MediaFile[] },
  policy: OutboundPolicy,
  now: () => Date,
  signal?: AbortSignal,
): Promise<AttemptOutcome> {
  // Counted as Mastodon counts (a link is 23), the same rule the planner and the editor use.
  if (mastodonLength(status.text) > MASTODON_TEXT_MAX)
    return { kind: 'failed', detail: `The post is longer than Mastodon's ${MASTODON_TEXT_MAX} characters. Shorten it, then retry.` };
  const mediaIds: string[] = [];
  for (const file of status.media.slice(0, 4)) {
    const { body, type } = multipart(file);
    const upload = await sendOutbound(
      { url: `${credentials.instanceUrl}/api/v2/media`, method: 'POST', headers: { ...auth(credentials), 'content-type': type }, body, signal },
      policy,
    );
    if (upload.kind !== 'answered' || (upload.status !== 200 && upload.status !== 202)) {
      const outcome = outcomeOf(upload, RECEIVER, now());
      // An upload without an answer posted nothing yet: trying again is safe.
      return outcome.kind === 'unknown' ? { kind: 'retry', detail: 'Not sent: a media upload got no answer.' } : outcome;
    }
    const id = (JSON.parse(upload.body) as { id?: unknown }).id;
    if (typeof id !== 'string') return { kind: 'retry', detail: 'Not sent: Mastodon did not name the uploaded media.' };
    mediaIds.push(id);
  }
  const result = await sendOutbound(
    {
      url: `${credentials.instanceUrl}/api/v1/statuses`,
      method: 'POST',
      headers: { ...auth(credentials), 'content-type': 'application/json', 'idempotency-key': idempotencyKey },
      body: JSON.stringify({ status: status.text, media_ids: mediaIds }),
      signal,
    },
    policy,
  );
  const outcome = outcomeOf(result, RECEIVER, now());
  // With the same Idempotency-Key a repeat cannot post twice, so a lost answer is simply retried.
  if (outcome.kind === 'unknown') return { kind: 'retry', detail: 'Sent, but no answer came; sending again under the same Idempotency-Key.' };
  return outcome;
}
