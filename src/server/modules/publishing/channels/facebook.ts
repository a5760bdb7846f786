import { PROVIDER_HOSTS } from '../../../provider-config';
import { liveLink, type AttemptOutcome } from '../outcome';
import { cannotRead, clip, isoOrNull, READ_COUNT } from './account-posts';
import type { Channel, ChannelContent, ChannelDelivery, ChannelSetup } from './channel';
import { publicUrlRefusal } from './fetched-media';
import { facebookCredentialsSchema, type FacebookCredentials } from './meta-credentials';
import { createBackoff, graphCall, GRAPH_API_VERSION, type GraphAnswer, type GraphRequest } from './meta-graph';

/**
 * A Facebook Page, written from developers.facebook.com/docs/pages-api/posts (POST /{page-id}/feed with
 * message and link), /docs/graph-api/photo-uploads and graph-api/reference/page/photos (url and caption;
 * published=false photos attached with attached_media), graph-api/reference/page/videos (file_url and
 * description), graph-api/reference/page/feed (GET /published_posts) and reference/page-post and
 * reference/video (permalink_url). Facebook fetches each file itself from a signed link at PUBLIC_URL.
 *
 * Graph takes no idempotency key: the delivery is marked sent before the publishing request, and an
 * attempt after one that may have published first looks for the post on the Page (`findPosted`).
 */
const NETWORK = 'Facebook';
/** How far Facebook's clock may be behind ours when comparing a post's time with the first send. */
const CLOCK_SKEW_MS = 5 * 60_000;
/** The Page's latest posts read back: more than a small business posts in the minutes a retry takes. */
const READ_BACK_LIMIT = 25;
/** How long Facebook may take to fetch a file (a video is fetched after the upload's answer). */
const MEDIA_LINK_MS = 24 * 60 * 60_000;
const LINK_MAX = 2000;
const TRAILING_PUNCTUATION = '.,;:!?)]}\'"”’';

/** The first https link in the text (its closing punctuation left out), shared as the post's link. */
export function firstLink(text: string): string | undefined {
  const start = text.indexOf('https://');
  if (start < 0) return undefined;
  let end = start;
  while (end < text.length && end - start < LINK_MAX && !/\s/.test(text[end]!)) end += 1;
  while (end > start && TRAILING_PUNCTUATION.includes(text[end - 1]!)) end -= 1;
  const link = text.slice(start, end);
  return link.length > 'https://'.length ? link : undefined;
}

/** What the delivery keeps across attempts: the unpublished photos uploaded so far, by file name. */
interface Progress {
  photos: Record<string, string>;
}
function progressOf(saved: string | null): Progress {
  try {
    const photos = (JSON.parse(saved ?? '{}') as { photos?: unknown }).photos;
    if (photos && typeof photos === 'object') return { photos: Object.fromEntries(Object.entries(photos).filter(([, id]) => typeof id === 'string')) };
  } catch {
    // A progress we cannot read saves nothing: the photos are uploaded again.
  }
  return { photos: {} };
}

const idOf = (json: unknown, field: 'id' | 'post_id'): string | undefined => {
  const value = (json as Record<string, unknown> | null)?.[field];
  return typeof value === 'string' || typeof value === 'number' ? String(value) : undefined;
};

const cannotCheck = (why: string): AttemptOutcome => ({
  result: 'unknown',
  detail: `An earlier attempt sent this post to Facebook without a clear answer, so we looked for it on the Page first, but ${why}. Look at the Page: confirm the post if it is there, or retry.`,
});

/** Facebook Page posts: text, a link, one or several photos, or a video, published once per delivery. */
export function facebookChannel(setup: ChannelSetup): Channel<FacebookCredentials, 'facebook'> {
  const api = { baseUrl: setup.providers.facebook?.apiUrl ?? PROVIDER_HOSTS.facebook.api, version: GRAPH_API_VERSION, network: NETWORK };
  const backoff = createBackoff();

  function call<T>(credentials: FacebookCredentials, request: Omit<GraphRequest, 'token'>, now: () => Date): Promise<GraphAnswer<T>> {
    return graphCall<T>(api, { ...request, token: credentials.pageToken }, { policy: setup.policy, backoff, account: credentials.pageId, now });
  }
  const page = (credentials: FacebookCredentials, edge: string) => `/${encodeURIComponent(credentials.pageId)}/${edge}`;

  /** The post's (or video's) permalink_url, made absolute (a video's is a path on www.facebook.com); null when Graph does not say. */
  async function permalinkOf(credentials: FacebookCredentials, id: string, now: () => Date, signal: AbortSignal): Promise<string | null> {
    const answer = await call<{ permalink_url?: unknown }>(
      credentials,
      { method: 'GET', path: `/${encodeURIComponent(id)}`, params: { fields: 'permalink_url' }, signal },
      now,
    );
    if (!answer.ok) return null;
    const value = answer.json.permalink_url;
    return liveLink(typeof value === 'string' && value.startsWith('/') ? `https://www.facebook.com${value}` : value);
  }

  /**
   * Looks among the Page's latest posts for one made since the first send (less the clock skew) with this
   * text. Found: published, with its link. Undefined: it is not there, so sending is safe. A check that
   * could not be made: retried later when Graph asks to wait, else 'unknown' with what to do.
   */
  async function findPosted(
    credentials: FacebookCredentials,
    text: string,
    sentAt: Date,
    now: () => Date,
    signal: AbortSignal,
  ): Promise<AttemptOutcome | undefined> {
    if (!text.trim()) return cannotCheck('the post has no text to recognise it by');
    const since = sentAt.getTime() - CLOCK_SKEW_MS;
    const params = { fields: 'id,message,created_time,permalink_url', since: String(Math.floor(since / 1000)), limit: String(READ_BACK_LIMIT) };
    const answer = await call<{ data?: unknown }>(credentials, { method: 'GET', path: page(credentials, 'published_posts'), params, signal }, now);
    if (!answer.ok) {
      const { outcome } = answer;
      if (outcome.result === 'retry') return { ...outcome, detail: `Could not yet check whether an earlier attempt posted it. ${outcome.detail}` };
      if (outcome.result === 'failed' && outcome.connectionLost)
        return { ...outcome, detail: `${outcome.detail} An earlier attempt may have published it: look at the Page before you retry.` };
      return cannotCheck(answer.lost ? 'Facebook did not answer' : "Facebook did not show the Page's posts");
    }
    if (!Array.isArray(answer.json.data)) return cannotCheck("Facebook's answer was not readable");
    const posts = answer.json.data as { id?: unknown; message?: unknown; created_time?: unknown; permalink_url?: unknown }[];
    const recent = posts.filter((item) => typeof item.created_time === 'string' && Date.parse(item.created_time) >= since);
    const found = recent.find((item) => typeof item.message === 'string' && item.message.trim() === text.trim());
    if (found) {
      const id = idOf(found, 'id');
      const liveUrl = liveLink(found.permalink_url) ?? (id ? await permalinkOf(credentials, id, now, signal) : null);
      return { result: 'published', detail: 'It was already on the Facebook Page from an earlier attempt whose answer was lost.', liveUrl };
    }
    // Every post read is newer than the first send: ours may be among those not read.
    if (posts.length >= READ_BACK_LIMIT && recent.length === posts.length) return cannotCheck('the Page posted too much since to find it');
    return undefined;
  }

  /** Uploads the photos unpublished (reusing those an earlier attempt uploaded): their ids, or the attempt's outcome. */
  async function uploadPhotos(
    credentials: FacebookCredentials,
    delivery: ChannelDelivery,
    content: ChannelContent,
    names: string[],
    now: () => Date,
    signal: AbortSignal,
  ): Promise<string[] | AttemptOutcome> {
    const progress = progressOf(delivery.progress);
    for (const name of names) {
      if (progress.photos[name]) continue;
      const url = content.link(name, new Date(now().getTime() + MEDIA_LINK_MS));
      const answer = await call(credentials, { method: 'POST', path: page(credentials, 'photos'), params: { url, published: 'false' }, signal }, now);
      // An unpublished photo shows nowhere: an upload without an answer is simply made again.
      if (!answer.ok) return answer.lost ? { result: 'retry', detail: 'Not sent: a photo upload got no answer.' } : answer.outcome;
      const id = idOf(answer.json, 'id');
      if (!id) return { result: 'retry', detail: 'Not sent: Facebook did not name the uploaded photo.' };
      progress.photos[name] = id;
      await delivery.saveProgress(JSON.stringify(progress));
    }
    return names.map((name) => progress.photos[name]!);
  }

  /** The one publishing request, marked sent before it leaves; its answer becomes the outcome. */
  async function publish(
    credentials: FacebookCredentials,
    delivery: ChannelDelivery,
    request: { edge: 'feed' | 'photos' | 'videos'; params: Record<string, string>; note?: string },
    text: string,
    now: () => Date,
    signal: AbortSignal,
  ): Promise<AttemptOutcome> {
    if (!delivery.sentAt) await delivery.markSent(now().toISOString());
    const answer = await call(credentials, { method: 'POST', path: page(credentials, request.edge), params: request.params, signal }, now);
    if (!answer.ok) {
      // The next attempt looks for the post on the Page first; only a post without text cannot be found so.
      if (answer.lost && text.trim())
        return { result: 'retry', detail: 'Sent to Facebook, but no answer came; the next attempt first looks for it on the Page.' };
      return answer.outcome;
    }
    const id = idOf(answer.json, request.edge === 'photos' ? 'post_id' : 'id') ?? idOf(answer.json, 'id');
    const liveUrl = id ? await permalinkOf(credentials, id, now, signal) : null;
    return { result: 'published', detail: `Published on the Facebook Page.${request.note ?? ''}`, liveUrl };
  }

  return {
    kind: 'facebook',
    credentialsSchema: facebookCredentialsSchema,

    async test(credentials, _connection, now) {
      const answer = await call<{ name?: unknown }>(
        credentials,
        { method: 'GET', path: `/${encodeURIComponent(credentials.pageId)}`, params: { fields: 'name' } },
        now,
      );
      if (!answer.ok)
        return { ok: false, message: answer.outcome.detail, connectionLost: answer.outcome.result === 'failed' && answer.outcome.connectionLost === true };
      const { name } = answer.json;
      return { ok: true, message: typeof name === 'string' ? `Connected as ${name.slice(0, 100)}.` : 'Connected.' };
    },

    /** The Page's own latest posts (GET /{page-id}/posts, graph-api/reference/page/feed): those with words. */
    async latestPosts(credentials, now) {
      const params = { fields: 'id,message,created_time', limit: String(READ_COUNT) };
      const answer = await call<{ data?: unknown }>(credentials, { method: 'GET', path: page(credentials, 'posts'), params }, now);
      if (!answer.ok)
        throw cannotRead(
          NETWORK,
          answer.error?.code ? `Facebook answered with code ${answer.error.code}` : 'Facebook did not answer, or asked us to slow down for this Page',
        );
      if (!Array.isArray(answer.json.data)) throw cannotRead(NETWORK, 'its answer was not readable');
      return (answer.json.data as { id?: unknown; message?: unknown; created_time?: unknown }[]).flatMap((post) =>
        typeof post.id === 'string' && typeof post.message === 'string' && post.message.trim() !== ''
          ? [{ text: clip(post.message), sourceId: post.id, publishedAt: isoOrNull(post.created_time) }]
          : [],
      );
    },

    // Facebook fetches a post's photos and video from this server: a private address is refused when it is scheduled.
    check: async (_credentials, content) => (content.uploads.length > 0 ? publicUrlRefusal(setup, NETWORK) : undefined),

    async send(credentials, delivery, content, { now, signal }) {
      const { text } = content;
      // PUBLIC_URL may have changed since it was scheduled.
      const unreachable = content.uploads.length > 0 ? await publicUrlRefusal(setup, NETWORK) : undefined;
      if (unreachable) return { result: 'failed', detail: unreachable };
      // A resting Page is not called at all, and the delivery is not marked sent for nothing.
      const resting = backoff.waitMs(credentials.pageId, now());
      if (resting > 0)
        return { result: 'retry', detail: 'Facebook asked us to slow down for this Page; it will be sent when the limit resets.', retryAfterMs: resting };
      if (delivery.sentAt) {
        const found = await findPosted(credentials, text, new Date(delivery.sentAt), now, signal);
        if (found) return found;
      }
      const linkFor = (name: string) => content.link(name, new Date(now().getTime() + MEDIA_LINK_MS));
      const video = content.uploads.find((upload) => upload.type === 'video');
      const photos = content.uploads.filter((upload) => upload.type === 'image').map((upload) => upload.name);
      if (video) {
        const note = content.uploads.length > 1 ? ' Only its first video went out: a Facebook post takes photos or one video, not both.' : undefined;
        return publish(credentials, delivery, { edge: 'videos', params: { file_url: linkFor(video.name), description: text }, note }, text, now, signal);
      }
      if (photos.length === 1)
        return publish(credentials, delivery, { edge: 'photos', params: { url: linkFor(photos[0]!), caption: text } }, text, now, signal);
      if (photos.length > 1) {
        const ids = await uploadPhotos(credentials, delivery, content, photos, now, signal);
        if (!Array.isArray(ids)) return ids;
        const attached = JSON.stringify(ids.map((id) => ({ media_fbid: id })));
        return publish(credentials, delivery, { edge: 'feed', params: { message: text, attached_media: attached } }, text, now, signal);
      }
      const link = firstLink(text);
      return publish(credentials, delivery, { edge: 'feed', params: { message: text, ...(link ? { link } : {}) } }, text, now, signal);
    },

    readBack: async (credentials, delivery, { text }, { now, signal }) =>
      delivery.sentAt ? findPosted(credentials, text, new Date(delivery.sentAt), now, signal) : undefined,
  };
}
