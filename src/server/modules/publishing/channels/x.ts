import { createHash } from 'node:crypto';
import { z } from 'zod';
import { countLength } from '@shared/domain/text-length';
import { NETWORKS } from '@shared/networks';
import { PROVIDER_HOSTS } from '../../../provider-config';
import type { OutgoingFile } from '../media-files';
import type { AttemptOutcome } from '../outcome';
import { createXTokens, xCredentialsSchema, type XCredentials } from '../oauth/x-tokens';
import type { Channel, ChannelDelivery, ChannelSetup, SendContext } from './channel';
import { ordinal } from './fetched-media';
import { uploadMedia, X_NETWORK, xCall, type XCall } from './x-api';

/**
 * X: a post (POST /2/tweets, docs.x.com/x-api/posts/create-post) with its text and up to 4 images or one
 * video or GIF, uploaded first (media upload v2: images in one request, videos and GIFs in chunks, x-api.ts).
 * The access token lasts two hours: it is renewed before the post when near its end, the rotated tokens
 * stored first (oauth/x-tokens.ts). X takes no idempotency key: the delivery notes when it was first sent,
 * and a later attempt first looks for the post among the account's latest (GET /2/users/:id/tweets) by its
 * text and time; a repeat of the same text is refused by X as a duplicate anyway.
 */
const RULES = NETWORKS.twitter;
const IMAGE_TYPES = new Set(['image/jpeg', 'image/png', 'image/webp']);
const VIDEO_TYPES = new Set(['video/mp4', 'video/quicktime']);
/** The media upload's limits (docs.x.com/x-api/media: image 5 MB, GIF 15 MB, video 512 MB). */
const MAX_BYTES = { image: 5 * 2 ** 20, gif: 15 * 2 ** 20, video: 512 * 2 ** 20 };
/** How far X's clock may be behind ours when a post is looked for by its time. */
const CLOCK_SKEW_MS = 5 * 60_000;
/** The latest posts read back: enough for an account that posts a few times an hour. */
const READ_BACK_COUNT = 20;
/** When the next attempt comes after an answer was lost (it looks for the post first). */
const LOST_RETRY_MS = 60_000;

const plural = (count: number, noun: string) => `${count} ${noun}${count === 1 ? '' : 's'}`;
type Kind = 'image' | 'gif' | 'video';
const kindOf = (mime: string): Kind | undefined =>
  mime === 'image/gif' ? 'gif' : IMAGE_TYPES.has(mime) ? 'image' : VIDEO_TYPES.has(mime) ? 'video' : undefined;

/** What X would refuse in a post's text and files, in words with what to change; undefined when it takes them. */
export function xContentRefusal(text: string, files: { mime: string; size: number }[]): string | undefined {
  if (files.length === 0 && text.trim() === '') return `The post has neither text nor media for ${X_NETWORK}. Write something, or add an image.`;
  const length = countLength(RULES.counting, text, RULES.maxLength + 1);
  if (length > RULES.maxLength) {
    const over = countLength(RULES.counting, text) - RULES.maxLength;
    return `The text with its hashtags is longer than the ${RULES.maxLength} characters ${X_NETWORK} takes (a link counts 23, an emoji or a CJK character 2). Shorten it by ${plural(over, 'character')}.`;
  }
  const kinds = files.map((file) => kindOf(file.mime));
  for (const [index, kind] of kinds.entries()) {
    const file = files[index]!;
    const which = files.length === 1 ? 'The file' : `The ${ordinal(index)} file`;
    if (!kind) return `${which} is not an image or video ${X_NETWORK} takes. Use a JPG, PNG, WebP or GIF image, or an MP4 video.`;
    if (file.size > MAX_BYTES[kind])
      return `${which} is larger than the ${MAX_BYTES[kind] / 2 ** 20} MB ${X_NETWORK} takes for a ${kind === 'gif' ? 'GIF' : kind}. Replace it with a smaller one.`;
  }
  const moving = kinds.filter((kind) => kind !== 'image').length;
  if (moving > 0 && files.length > 1)
    return `${X_NETWORK} takes one video or GIF alone in a post, and this one has ${plural(files.length, 'file')}. Keep only the video, or only images.`;
  if (files.length > RULES.media.maxItems)
    return `${X_NETWORK} takes at most ${RULES.media.maxItems} images in a post, and this one has ${files.length}. Remove ${files.length - RULES.media.maxItems}.`;
  return undefined;
}

/** Text as X shows it back: links shortened (t.co), &, < and > escaped; compared without them. */
const comparable = (text: string) =>
  text
    .replace(/https?:\/\/\S{1,2000}/g, 'LINK')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();

/** Kept in the delivery across attempts: media already uploaded for this text and files (a video's upload is long), by file name. */
const progressSchema = z.object({ content: z.string().max(64), media: z.record(z.string().max(200), z.object({ id: z.string().max(40), until: z.string() })) });
type Progress = z.infer<typeof progressSchema>;
const fingerprint = (text: string, files: OutgoingFile[]) =>
  createHash('sha256')
    .update(JSON.stringify([text, files.map((file) => file.name)]))
    .digest('base64url')
    .slice(0, 32);

export function xChannel(setup: ChannelSetup): Channel<XCredentials, 'twitter'> {
  const app = setup.providers.x;
  const baseUrl = app?.apiUrl ?? PROVIDER_HOSTS.x.api;
  const tokens = app ? createXTokens(app, setup.policy) : undefined;
  const notSetUp: AttemptOutcome = {
    result: 'failed',
    detail: `Publishing to ${X_NETWORK} is not set up on this server any more. Ask its administrator to set X_CLIENT_ID and X_CLIENT_SECRET, then retry.`,
  };

  const callWith =
    (credentials: XCredentials, context: Pick<SendContext, 'now' | 'signal'>): XCall =>
    (request) =>
      xCall(baseUrl, { ...request, token: credentials.accessToken, signal: context.signal }, { policy: setup.policy, now: context.now });

  /** Looks for the post among the account's latest since it was first sent: published when found, undefined when it is not there. */
  async function findPosted(call: XCall, credentials: XCredentials, text: string, sentAt: string): Promise<AttemptOutcome | undefined> {
    const since = new Date(Date.parse(sentAt) - CLOCK_SKEW_MS).toISOString().replace(/\.\d{3}Z$/, 'Z');
    const answer = await call<{ data?: { id?: unknown; text?: unknown; created_at?: unknown }[]; meta?: { result_count?: unknown } }>({
      method: 'GET',
      path: `/2/users/${encodeURIComponent(credentials.userId)}/tweets`,
      query: { max_results: String(READ_BACK_COUNT), start_time: since, 'tweet.fields': 'created_at' },
    });
    if (!answer.ok) {
      if (answer.outcome.result === 'retry')
        return { ...answer.outcome, detail: `Could not yet check whether an earlier attempt posted it. ${answer.outcome.detail}` };
      if (answer.outcome.result === 'failed' && answer.outcome.connectionLost) return answer.outcome;
      return cannotCheck(`${X_NETWORK} did not show the account's posts`);
    }
    const posts = answer.json.data ?? [];
    const wanted = comparable(text);
    const found = posts.find((item) => typeof item.text === 'string' && comparable(item.text) === wanted && typeof item.id === 'string');
    if (found)
      return {
        result: 'published',
        detail: `It was already on ${X_NETWORK} from an earlier attempt whose answer was lost.`,
        liveUrl: linkOf(credentials, String(found.id)),
      };
    if (posts.length >= READ_BACK_COUNT) return cannotCheck('the account posted too much since to find it');
    return undefined;
  }

  const linkOf = (credentials: XCredentials, id: string) => `https://x.com/${encodeURIComponent(credentials.username)}/status/${encodeURIComponent(id)}`;

  /** The media ids for the post's files: kept ones still valid, the rest uploaded now (each kept before it is used). */
  async function mediaIds(call: XCall, delivery: ChannelDelivery, text: string, files: OutgoingFile[], context: Pick<SendContext, 'now' | 'signal'>) {
    const content = fingerprint(text, files);
    const parsed = progressSchema.safeParse(delivery.progress ? JSON.parse(delivery.progress) : undefined);
    const progress: Progress = parsed.success && parsed.data.content === content ? parsed.data : { content, media: {} };
    const ids: string[] = [];
    for (const file of files) {
      const kept = progress.media[file.name];
      if (kept && Date.parse(kept.until) > context.now().getTime()) {
        ids.push(kept.id);
        continue;
      }
      const uploaded = await uploadMedia(call, file, kindOf(file.mime)!, context);
      if ('result' in uploaded) return uploaded;
      progress.media[file.name] = { id: uploaded.id, until: uploaded.until };
      await delivery.saveProgress(JSON.stringify(progress));
      if (uploaded.pending) return uploaded.pending;
      ids.push(uploaded.id);
    }
    return ids;
  }

  return {
    kind: 'twitter',
    credentialsSchema: xCredentialsSchema,

    async test(credentials, connection, now) {
      if (!tokens) return { ok: false, message: notSetUp.detail };
      const fresh = await tokens.fresh(credentials, connection.store, { now, signal: AbortSignal.timeout(setup.policy.timeoutMs * 2) });
      if (!fresh.ok)
        return { ok: false, message: fresh.outcome.detail, connectionLost: fresh.outcome.result === 'failed' && fresh.outcome.connectionLost === true };
      const answer = await callWith(fresh.credentials, { now, signal: AbortSignal.timeout(setup.policy.timeoutMs) })<{ data?: { username?: unknown } }>({
        method: 'GET',
        path: '/2/users/me',
      });
      if (!answer.ok)
        return { ok: false, message: answer.outcome.detail, connectionLost: answer.outcome.result === 'failed' && answer.outcome.connectionLost === true };
      const username = answer.json.data?.username;
      return { ok: true, message: typeof username === 'string' ? `Connected as @${username.slice(0, 100)}.` : 'Connected.' };
    },

    async send(credentials, delivery, content, context) {
      if (!tokens) return notSetUp;
      const files = await content.files();
      const refusal = xContentRefusal(content.text, files);
      if (refusal) return { result: 'failed', detail: refusal };
      const fresh = await tokens.fresh(credentials, delivery, context);
      if (!fresh.ok) return fresh.outcome;
      const call = callWith(fresh.credentials, context);
      if (delivery.sentAt) {
        const found = await findPosted(call, fresh.credentials, content.text, delivery.sentAt);
        if (found) return found;
      }
      const media = await mediaIds(call, delivery, content.text, files, context);
      if (!Array.isArray(media)) return media;
      if (!delivery.sentAt) await delivery.markSent(context.now().toISOString());
      const answer = await call<{ data?: { id?: unknown } }>({
        method: 'POST',
        path: '/2/tweets',
        json: { ...(content.text.trim() === '' ? {} : { text: content.text }), ...(media.length > 0 ? { media: { media_ids: media } } : {}) },
      });
      if (answer.ok) {
        const id = answer.json.data?.id;
        return { result: 'published', detail: `Published on ${X_NETWORK}.`, liveUrl: typeof id === 'string' ? linkOf(fresh.credentials, id) : null };
      }
      if (answer.lost)
        return {
          result: 'retry',
          detail: `Sent to ${X_NETWORK}, but its answer was lost; the next attempt looks for it on the account first and posts it only if it is not there.`,
          retryAfterMs: LOST_RETRY_MS,
        };
      // A duplicate after an earlier attempt's lost answer is most likely that attempt's post: looked for once more.
      if (answer.status === 403 && delivery.sentAt && answer.outcome.result === 'failed' && !answer.outcome.connectionLost) {
        const found = await findPosted(call, fresh.credentials, content.text, delivery.sentAt);
        if (found?.result === 'published') return found;
      }
      return answer.outcome;
    },

    async readBack(credentials, delivery, { text }, context) {
      if (!tokens) return notSetUp;
      if (!delivery.sentAt) return undefined;
      const fresh = await tokens.fresh(credentials, delivery, context);
      if (!fresh.ok) return fresh.outcome;
      return findPosted(callWith(fresh.credentials, context), fresh.credentials, text, delivery.sentAt);
    },

    async check(_credentials, content) {
      return xContentRefusal(content.text, await content.files());
    },
  };
}

const cannotCheck = (why: string): AttemptOutcome => ({
  result: 'unknown',
  detail: `This post was sent to ${X_NETWORK} earlier without a clear answer, so we looked for it on the account first, but ${why}. Look at the account: confirm the post if it is there, or retry.`,
});
