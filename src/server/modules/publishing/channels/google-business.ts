import { z } from 'zod';
import { countLength } from '@shared/domain/text-length';
import { NETWORKS } from '@shared/networks';
import { PROVIDER_HOSTS } from '../../../provider-config';
import type { OutgoingFile } from '../media-files';
import { googleBusinessImage } from '../network-images';
import { liveLink, type AttemptOutcome } from '../outcome';
import type { Channel, ChannelContent, ChannelSetup } from './channel';
import { linkedMedia, publicUrlRefusal } from './fetched-media';
import { fieldViolation, freshAccessToken, googleCall, type GoogleAnswer } from './google-api';
import { localPostOf } from './google-local-post';

/**
 * A Google Business Profile location: a local post (my-business/reference/rest/v4/accounts.locations.localPosts,
 * create and list; my-business/content/posts-data) with the post's text as its summary, its first photo
 * (Google fetches it from a signed link at PUBLIC_URL) and a button from the month's calls to action
 * (google-local-post.ts). The access token is renewed from the refresh token when it has run out (google-api.ts).
 *
 * localPosts.create takes no idempotency key: the delivery is marked sent before the request, and an
 * attempt after one whose answer was lost first looks for a post with this summary made since (`findPosted`).
 */
const RULES = NETWORKS.googlebusiness;
const NETWORK = RULES.label;
/** How far Google's clock may be behind ours when comparing a post's createTime with the first send. */
const CLOCK_SKEW_MS = 5 * 60_000;
/** Read back: up to this many pages of the location's posts, 100 a page (the list's largest). */
const READ_BACK_PAGES = 3;

/** What a signed-in location seals (oauth/google-sign-in.ts makes it). The refresh token does not expire; the access token lasts an hour. */
export const googleBusinessCredentialsSchema = z.object({
  refreshToken: z.string().min(1),
  accessToken: z.string().min(1),
  accessTokenExpiresAt: z.string().min(1),
  /** accounts/{accountId} */
  account: z.string().regex(/^accounts\/[\w-]{1,60}$/),
  /** locations/{locationId} */
  location: z.string().regex(/^locations\/[\w-]{1,60}$/),
  /** The location's own website, which a button links to before the company profile's. */
  websiteUri: z.string().max(2000).nullable(),
});
export type GoogleBusinessCredentials = z.infer<typeof googleBusinessCredentialsSchema>;

const isImage = (file: { mime: string }) => file.mime.startsWith('image/');
const plural = (count: number, noun: string) => `${count.toLocaleString('en-US')} ${noun}${count === 1 ? '' : 's'}`;

/** What Google Business Profile would refuse in a post's text and files, in words with what to change; undefined when it takes them. */
export function googleBusinessContentRefusal(text: string, files: { mime: string }[]): string | undefined {
  const hasPhoto = files.some(isImage);
  if (!hasPhoto && files.length > 0)
    return `${NETWORK} posts take a photo, not a video. Replace the video with a photo, or plan this post for another network.`;
  if (!hasPhoto && text.trim() === '') return `A ${NETWORK} post needs text or a photo. Write something, or add a photo.`;
  if (countLength(RULES.counting, text, RULES.maxLength) > RULES.maxLength) {
    const over = countLength(RULES.counting, text) - RULES.maxLength;
    return `The text is longer than the ${RULES.maxLength.toLocaleString('en-US')} characters ${NETWORK} takes. Shorten it by ${plural(over, 'character')}.`;
  }
  return undefined;
}

const cannotCheck = (why: string): AttemptOutcome => ({
  result: 'unknown',
  detail: `An earlier attempt sent this post to ${NETWORK} without a clear answer, so we looked for it on the listing first, but ${why}. Look at the listing: confirm the post if it is there, or retry.`,
});

/** A refusal of the photo (a media field violation: Google could not fetch it, or not take it) in words; else the call's own outcome. */
function sendOutcome(answer: Extract<GoogleAnswer<unknown>, { ok: false }>): AttemptOutcome {
  const violation = fieldViolation(answer.error);
  if (answer.error?.status === 'INVALID_ARGUMENT' && violation?.field.startsWith('media'))
    return {
      result: 'failed',
      detail: `Google could not take the post's photo (${violation.description || violation.field}). Make sure the server's address (PUBLIC_URL) is reachable from the internet and the photo is a JPG or PNG, then retry.`,
    };
  return answer.outcome;
}

interface ListedPost {
  summary?: unknown;
  createTime?: unknown;
  searchUrl?: unknown;
  state?: unknown;
}

export function googleBusinessChannel(setup: ChannelSetup): Channel<GoogleBusinessCredentials, 'googlebusiness'> {
  const app = () => setup.providers.google;
  const postsUrl = (credentials: GoogleBusinessCredentials) =>
    `${app()?.apiUrl ?? PROVIDER_HOSTS.google.api}/v4/${credentials.account}/${credentials.location}/localPosts`;
  const tokenOf = (credentials: GoogleBusinessCredentials, now: () => Date, signal?: AbortSignal) =>
    freshAccessToken(app(), credentials, { now, ...(signal ? { signal } : {}), timeoutMs: setup.policy.timeoutMs });
  const context = (now: () => Date) => ({ policy: setup.policy, now });

  /**
   * Looks among the location's posts for one made since the first send (less the clock skew) with this
   * summary. Found: published with its link (or failed, when Google rejected it). Undefined: it is not
   * there, so sending is safe. A check that could not be made: retried when Google asks to wait, else unknown.
   */
  async function findPosted(
    credentials: GoogleBusinessCredentials,
    token: string,
    text: string,
    sentAt: Date,
    now: () => Date,
    signal?: AbortSignal,
  ): Promise<AttemptOutcome | undefined> {
    if (!text.trim()) return cannotCheck('the post has no text to recognise it by');
    const since = sentAt.getTime() - CLOCK_SKEW_MS;
    let pageToken: string | undefined;
    for (let page = 0; page < READ_BACK_PAGES; page++) {
      const query = new URLSearchParams({ pageSize: '100', ...(pageToken ? { pageToken } : {}) });
      const answer = await googleCall<{ localPosts?: ListedPost[]; nextPageToken?: unknown }>(
        { method: 'GET', url: `${postsUrl(credentials)}?${query}`, token, ...(signal ? { signal } : {}) },
        context(now),
      );
      if (!answer.ok) {
        const { outcome } = answer;
        if (outcome.result === 'retry') return { ...outcome, detail: `Could not yet check whether an earlier attempt posted it. ${outcome.detail}` };
        if (outcome.result === 'failed' && outcome.connectionLost)
          return { ...outcome, detail: `${outcome.detail} An earlier attempt may have published it: look at the listing before you retry.` };
        return cannotCheck(answer.lost ? 'Google did not answer' : "Google did not show the location's posts");
      }
      const found = (answer.json.localPosts ?? []).find(
        (post) =>
          typeof post.summary === 'string' &&
          post.summary.trim() === text.trim() &&
          typeof post.createTime === 'string' &&
          Date.parse(post.createTime) >= since,
      );
      if (found?.state === 'REJECTED')
        return {
          result: 'failed',
          detail: `${NETWORK} rejected the post an earlier attempt sent, as against its content policies. Change the post, then retry.`,
        };
      if (found)
        return {
          result: 'published',
          detail: `It was already on ${NETWORK} from an earlier attempt whose answer was lost.`,
          liveUrl: liveLink(found.searchUrl),
        };
      pageToken = typeof answer.json.nextPageToken === 'string' ? answer.json.nextPageToken : undefined;
      if (!pageToken) return undefined;
    }
    return cannotCheck('the location has too many posts to find it among them');
  }

  /** The post's first photo as a signed link Google fetches (a GIF or WebP, or a photo over 5 MB, made a JPEG first). */
  async function photoLink(content: ChannelContent, photo: OutgoingFile, now: () => Date) {
    const media = await linkedMedia(content, [photo], 'google-business-jpeg', googleBusinessImage, now);
    return Array.isArray(media) ? media[0]!.url : media;
  }

  return {
    kind: 'googlebusiness',
    credentialsSchema: googleBusinessCredentialsSchema,

    // A cheap read through the API that publishes: the location's latest post.
    async test(credentials, connection, now) {
      const token = await tokenOf(credentials, now);
      const lost = (outcome: AttemptOutcome) => outcome.result === 'failed' && outcome.connectionLost === true;
      if (!token.ok) return { ok: false, message: token.outcome.detail, connectionLost: lost(token.outcome) };
      const answer = await googleCall({ method: 'GET', url: `${postsUrl(credentials)}?pageSize=1`, token: token.token }, context(now));
      if (!answer.ok) return { ok: false, message: answer.outcome.detail, connectionLost: lost(answer.outcome) };
      return { ok: true, message: `Connected: ${NETWORK} can post to ${connection.name.slice(0, 100)}.` };
    },

    async check(_credentials, content) {
      const files = await content.files();
      return googleBusinessContentRefusal(content.post.content, files) ?? (files.some(isImage) ? await publicUrlRefusal(setup, NETWORK) : undefined);
    },

    async send(credentials, delivery, content, { now, signal }) {
      const files = await content.files();
      // The summary is the post's text alone: hashtags do nothing on Google (see localPostOf).
      const summary = content.post.content;
      const refusal = googleBusinessContentRefusal(summary, files);
      if (refusal) return { result: 'failed', detail: refusal };
      const photo = files.find(isImage);
      // PUBLIC_URL may have changed since it was scheduled.
      const unreachable = photo ? await publicUrlRefusal(setup, NETWORK) : undefined;
      if (unreachable) return { result: 'failed', detail: unreachable };
      const token = await tokenOf(credentials, now, signal);
      if (!token.ok) return token.outcome;
      if (delivery.sentAt) {
        const found = await findPosted(credentials, token.token, summary, new Date(delivery.sentAt), now, signal);
        if (found) return found;
      }
      const photoUrl = photo ? await photoLink(content, photo, now) : undefined;
      if (typeof photoUrl === 'object') return photoUrl;
      const body = localPostOf(content, credentials.websiteUri, photoUrl);
      if (!delivery.sentAt) await delivery.markSent(now().toISOString());
      const answer = await googleCall<{ searchUrl?: unknown }>(
        { method: 'POST', url: postsUrl(credentials), token: token.token, json: body, signal },
        context(now),
      );
      if (!answer.ok) {
        // The next attempt looks for the post on the listing first; only a post without text cannot be found so.
        if (answer.lost && summary.trim())
          return { result: 'retry', detail: `Sent to ${NETWORK}, but no answer came; the next attempt first looks for it on the listing.` };
        return sendOutcome(answer);
      }
      const leftOut = files.length > 1 ? ` Only its first photo went out: a ${NETWORK} post takes one.` : '';
      return { result: 'published', detail: `Published on ${NETWORK}.${leftOut}`, liveUrl: liveLink(answer.json.searchUrl) };
    },

    async readBack(credentials, delivery, { text }, { now, signal }) {
      if (!delivery.sentAt) return undefined;
      const token = await tokenOf(credentials, now, signal);
      if (!token.ok) return token.outcome;
      return findPosted(credentials, token.token, text, new Date(delivery.sentAt), now, signal);
    },
  };
}
