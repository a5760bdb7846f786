import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import { z } from 'zod';
import { sendOutbound, type OutboundPolicy } from '../outbound';
import { outcomeOf, type AttemptOutcome } from '../outcome';
import { checkedAddress, type Channel, type ChannelContent, type ChannelDelivery } from './channel';

/** What a webhook receives: the Standard Webhooks envelope `{ type, timestamp, data }`. */
export interface PublishPayload {
  type: 'post.publish' | 'connection.test';
  timestamp: string;
  data: Record<string, unknown>;
}

/** A new signing secret in the Standard Webhooks form: `whsec_` and 32 random bytes, base64. */
export const newSigningSecret = () => `whsec_${randomBytes(32).toString('base64')}`;

/**
 * Signs as Standard Webhooks says: HMAC-SHA256 over `id.timestamp.body` with the secret's bytes,
 * sent as `v1,<base64>`. The id is the delivery's: the same on every retry, so receivers drop repeats.
 */
export function signatureHeaders(secret: string, id: string, at: Date, body: string): Record<string, string> {
  const timestamp = String(Math.floor(at.getTime() / 1000));
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  const signature = createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64');
  return { 'webhook-id': id, 'webhook-timestamp': timestamp, 'webhook-signature': `v1,${signature}` };
}

export interface WebhookCredentials {
  url: string;
  secret: string;
}

/** How long the media links in a publish event stay good. */
const MEDIA_LINK_TTL_MS = 24 * 60 * 60_000;

export async function sendWebhook(
  credentials: WebhookCredentials,
  id: string,
  payload: PublishPayload,
  policy: OutboundPolicy,
  now: () => Date,
  signal?: AbortSignal,
): Promise<AttemptOutcome> {
  const body = JSON.stringify(payload);
  const result = await sendOutbound(
    {
      url: credentials.url,
      method: 'POST',
      headers: { 'content-type': 'application/json', 'user-agent': 'content-planner-publisher', ...signatureHeaders(credentials.secret, id, now(), body) },
      body,
      signal,
      // A receiver may move (a 307 to its new address). The signature headers may follow: they sign this
      // one body at this time under this id, so they cannot be reused for anything else, and the address
      // that redirected has already seen them. No bearer token or cookie is ever part of a webhook.
      redirects: 'any-origin',
    },
    policy,
  );
  return outcomeOf(result, 'The webhook', now());
}

/**
 * The `post.publish` event: the post, its text with hashtags, the offer or event it announces, and signed
 * links to its files (good for a day from `at`) with their alt text (`alts`, by file name; '' when none).
 */
export function publishPayload(
  delivery: ChannelDelivery,
  { post, text, uploads, link }: ChannelContent,
  at: Date,
  alts: Map<string, string> = new Map(),
): PublishPayload {
  const expiresAt = new Date(at.getTime() + MEDIA_LINK_TTL_MS);
  return {
    type: 'post.publish',
    timestamp: at.toISOString(),
    data: {
      deliveryId: delivery.id,
      postId: post.id,
      network: delivery.platform,
      postType: post.type,
      text: post.content,
      hashtags: post.hashtags,
      textWithHashtags: text,
      scheduledFor: delivery.dueAt,
      localTime: post.scheduledTime,
      event: post.event,
      media: uploads.map((upload) => ({
        type: upload.type,
        url: link(upload.name, expiresAt),
        expiresAt: expiresAt.toISOString(),
        alt: alts.get(upload.name) ?? '',
      })),
    },
  };
}

/** A webhook: a signed `post.publish` event to its address; 'Send test' sends a signed `connection.test` event. */
export function webhookChannel(policy: OutboundPolicy): Channel<WebhookCredentials, 'webhook'> {
  return {
    kind: 'webhook',
    credentialsSchema: z.object({ url: z.string(), secret: z.string() }),
    async prepare(input) {
      const url = await checkedAddress('url', input.url, policy);
      const secret = newSigningSecret();
      return { credentials: { url: url.toString(), secret }, target: url.host, signingSecret: secret };
    },
    async test(credentials, connection, now) {
      const at = now();
      const outcome = await sendWebhook(
        credentials,
        `test_${randomUUID().replaceAll('-', '')}`,
        { type: 'connection.test', timestamp: at.toISOString(), data: { connection: connection.name, message: 'A test from your content planner.' } },
        policy,
        now,
      );
      if (outcome.result === 'published') return { ok: true, message: `Test sent. ${outcome.detail}` };
      return { ok: false, message: outcome.detail };
    },
    async send(credentials, delivery, content, { claimedAt, now, signal }) {
      // The files' alt texts (their bytes are not read). A file gone from the store still gets its link, as before.
      const alts = await content
        .files()
        .then((files) => new Map(files.map((file) => [file.name, file.alt])))
        .catch(() => new Map<string, string>());
      return sendWebhook(credentials, delivery.id, publishPayload(delivery, content, claimedAt, alts), policy, now, signal);
    },
  };
}
