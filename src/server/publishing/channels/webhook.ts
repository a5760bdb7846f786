import { createHmac, randomBytes } from 'node:crypto';
import { sendOutbound, type OutboundPolicy } from '../outbound';
import { outcomeOf, type AttemptOutcome } from '../outcome';

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
