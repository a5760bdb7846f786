import { PLATFORM_CHARACTER_LIMITS } from '@shared/domain/options';
import { graphemeCount } from '@shared/domain/text-length';
import { createHash } from 'node:crypto';
import type { AtpAgent, RichText } from '@atproto/api';
import { z } from 'zod';
import { readBluesky } from './account-posts';
import {
  checkedFetch,
  createBlueskySessions,
  isXrpcError,
  loadAtproto,
  OutboundFailure,
  outboundFailureOf,
  outcomeOfError,
  type BlueskyCredentials,
  type BlueskySessions,
} from './bluesky-agent';
import type { OutgoingFile } from '../media-files';
import type { OutboundPolicy } from '../outbound';
import type { AttemptOutcome } from '../outcome';
import { checkedAddress, type Channel } from './channel';

/** Bluesky's limits: text in graphemes, images per post and bytes per image (app.bsky.embed.images). */
export const BLUESKY_TEXT_MAX = PLATFORM_CHARACTER_LIMITS.bluesky;
export const BLUESKY_IMAGES_MAX = 4;
export const BLUESKY_IMAGE_MAX_BYTES = 1_000_000;
const POST = 'app.bsky.feed.post';
const TID_CHARS = '234567abcdefghijklmnopqrstuvwxyz';

/**
 * The post's record key: a valid TID made from the delivery, the same on every attempt of it. Its time
 * part is the instant the delivery was made (plus up to 999 µs from the id's hash), its clock id comes
 * from the id's hash, so a retry after a lost answer finds the post it made instead of making a second.
 */
export function recordKeyFor(delivery: { id: string; createdAt: string }): string {
  const hash = createHash('sha256').update(delivery.id).digest();
  const micros = BigInt(Date.parse(delivery.createdAt)) * 1000n + BigInt(hash.readUInt16BE(0) % 1000);
  let value = (micros << 10n) | BigInt(hash.readUInt16BE(2) & 0x3ff);
  let key = '';
  for (let i = 0; i < 13; i++) {
    key = TID_CHARS[Number(value & 31n)]! + key;
    value >>= 5n;
  }
  return key;
}

export const liveLinkOf = (handle: string, rkey: string) => `https://bsky.app/profile/${handle}/post/${rkey}`;

/** Whether the account has a post under `rkey`. */
const recordExists = (agent: AtpAgent, rkey: string, signal: AbortSignal) =>
  agent.com.atproto.repo.getRecord({ repo: agent.session!.did, collection: POST, rkey }, { signal }).then(
    () => true,
    (error: unknown) => {
      if (isXrpcError(error) && error.status === 400 && error.error === 'RecordNotFound') return false;
      throw error;
    },
  );

/** Whether the service knows the handle: false when it says it cannot resolve it, undefined when it cannot say. */
async function handleKnown(credentials: BlueskyCredentials, policy: OutboundPolicy): Promise<boolean | undefined> {
  const { AtpAgent } = await loadAtproto();
  try {
    await new AtpAgent({ service: credentials.serviceUrl, fetch: checkedFetch(policy) }).com.atproto.identity.resolveHandle({ handle: credentials.handle });
    return true;
  } catch (error) {
    return isXrpcError(error) && error.status === 400 ? false : undefined;
  }
}

/** 'Send test': signs in with the app password; "Connected as @handle." or what went wrong, in words. */
export async function verifyBluesky(sessions: BlueskySessions, credentials: BlueskyCredentials, policy: OutboundPolicy, now: Date) {
  try {
    const agent = await sessions.login(credentials);
    return { ok: true, message: `Connected as @${agent.session?.handle ?? credentials.handle}.` };
  } catch (error) {
    if (isXrpcError(error) && error.status === 401 && error.error !== 'AuthFactorTokenRequired' && (await handleKnown(credentials, policy)) === false)
      return {
        ok: false,
        message: `Bluesky does not know the handle @${credentials.handle}. Check it (such as name.bsky.social), then add the connection again.`,
      };
    const failure = outboundFailureOf(error);
    if (failure?.result.reach === 'not-sent')
      return {
        ok: false,
        message: `Could not reach ${new URL(credentials.serviceUrl).host}: ${failure.result.reason}. Check the service address, then send a test again.`,
      };
    const outcome = outcomeOfError(error, credentials, false, now);
    return { ok: false, message: outcome.result === 'retry' ? `${outcome.detail} Try again in a few minutes.` : outcome.detail };
  }
}

export interface BlueskyPost {
  text: string;
  /** Its files; each image goes with its alt text from the media library. */
  media: OutgoingFile[];
}

/** Facets for links and hashtags, found offline; mentions stay plain text (naming them would need a lookup per handle). */
async function richTextOf(text: string): Promise<RichText> {
  const { RichText } = await loadAtproto();
  const rich = new RichText({ text });
  rich.detectFacetsWithoutResolution();
  rich.facets = rich.facets
    ?.map((facet) => ({ ...facet, features: facet.features.filter((feature) => feature.$type !== 'app.bsky.richtext.facet#mention') }))
    .filter((facet) => facet.features.length > 0);
  if (rich.facets?.length === 0) rich.facets = undefined;
  return rich;
}

/**
 * Publishes a post: its text with link and hashtag facets, up to four images uploaded as blobs, in a
 * record whose key comes from the delivery (exactly once: a post already there under that key counts
 * as published). Videos are left out, and said so in the attempt's log. `signal` ends the attempt at
 * the delivery's time limit, signing in and session refreshes included.
 */
export async function sendBluesky(
  sessions: BlueskySessions,
  credentials: BlueskyCredentials,
  delivery: { id: string; createdAt: string },
  post: BlueskyPost,
  now: () => Date,
  signal: AbortSignal = new AbortController().signal,
): Promise<AttemptOutcome> {
  // Counted before the text meets RichText: its own count and facet search take seconds on a long text.
  const length = graphemeCount(post.text);
  if (length > BLUESKY_TEXT_MAX)
    return {
      result: 'failed',
      detail: `The post is ${length} characters long; Bluesky takes at most ${BLUESKY_TEXT_MAX}. Shorten it, then retry.`,
    };
  const allImages = post.media.filter((file) => file.mime.startsWith('image/'));
  const images = allImages.slice(0, BLUESKY_IMAGES_MAX);
  // Sizes from the store's metadata, before anything is read.
  if (images.some((file) => file.size > BLUESKY_IMAGE_MAX_BYTES))
    return { result: 'failed', detail: 'An image is larger than the 1 MB Bluesky takes. Use a smaller image, then retry.' };
  const videos = post.media.length - allImages.length;
  const notes = [
    videos === 0 ? '' : `${videos === 1 ? 'A video was' : `${videos} videos were`} left out: posts to Bluesky carry images only.`,
    allImages.length > images.length ? `Only the first ${BLUESKY_IMAGES_MAX} images went out, Bluesky's most.` : '',
  ].filter(Boolean);
  const rkey = recordKeyFor(delivery);
  // Set just before the record is created: from then on, an attempt cut short may have posted.
  let creating = false;

  const publish = async (agent: AtpAgent): Promise<AttemptOutcome> => {
    const rich = await richTextOf(post.text);
    const { did, handle } = agent.session!;
    const published = (detail: string): AttemptOutcome => ({ result: 'published', detail: [detail, ...notes].join(' '), liveUrl: liveLinkOf(handle, rkey) });
    const exists = () => recordExists(agent, rkey, signal);
    if (await exists()) return published('It was already on Bluesky from an earlier attempt.');
    const embedded = [];
    for (const image of images) {
      const { data } = await image.withBytes((bytes) => agent.uploadBlob(bytes, { encoding: image.mime, signal }));
      embedded.push({ image: data.blob, alt: image.alt });
    }
    const record = {
      $type: POST,
      text: rich.text,
      createdAt: now().toISOString(),
      ...(rich.facets ? { facets: rich.facets } : {}),
      ...(embedded.length > 0 ? { embed: { $type: 'app.bsky.embed.images', images: embedded } } : {}),
    };
    creating = true;
    try {
      await agent.com.atproto.repo.createRecord({ repo: did, collection: POST, rkey, record, validate: true }, { signal });
    } catch (error) {
      // A record already under this key (an earlier attempt's answer was lost) is this post.
      if (isXrpcError(error) && error.status >= 400 && (await exists().catch(() => false))) return published('It was already on Bluesky.');
      throw Object.assign(error as Error, { mayHavePosted: true });
    }
    return published('Bluesky accepted it.');
  };

  const attempt = async (fresh: boolean): Promise<AttemptOutcome> => {
    try {
      return await publish(await sessions.agentFor(credentials, fresh));
    } catch (error) {
      // A kept session the service no longer takes: sign in once more before calling it refused.
      if (!fresh && isXrpcError(error) && error.status === 401) return attempt(true);
      return outcomeOfError(error, credentials, (error as { mayHavePosted?: boolean }).mayHavePosted === true, now());
    }
  };
  // Signing in and refreshing a session take no signal: at the time limit the attempt stops waiting for them
  // (what they lead to afterwards fails at once, the signal being aborted).
  const timeUp = new Promise<AttemptOutcome>((resolve) => {
    const stop = () => {
      const failure = new OutboundFailure(
        creating
          ? { reach: 'no-answer', reason: 'no answer came within the time limit for sending it' }
          : { reach: 'not-sent', reason: 'the time limit for sending it passed first' },
      );
      resolve(outcomeOfError(failure, credentials, creating, now()));
    };
    if (signal.aborted) stop();
    else signal.addEventListener('abort', stop, { once: true });
  });
  return Promise.race([attempt(false), timeUp]);
}

/** Bluesky: a post under a record key made from the delivery, signed in with an app password (sessions kept in this process). */
export function blueskyChannel(policy: OutboundPolicy): Channel<BlueskyCredentials, 'bluesky'> {
  const sessions = createBlueskySessions(policy);
  return {
    kind: 'bluesky',
    credentialsSchema: z.object({ handle: z.string(), appPassword: z.string(), serviceUrl: z.string() }),
    async prepare(input) {
      const url = await checkedAddress('serviceUrl', input.serviceUrl, policy);
      return { credentials: { handle: input.handle, appPassword: input.appPassword, serviceUrl: url.origin }, target: url.host, signingSecret: null };
    },
    test: (credentials, _connection, now) => verifyBluesky(sessions, credentials, policy, now()),
    latestPosts: (credentials) => readBluesky(credentials, policy),
    async send(credentials, delivery, content, { now, signal }) {
      const media = await content.files();
      return sendBluesky(sessions, credentials, delivery, { text: content.text, media }, now, signal);
    },
    /** The post under the delivery's record key, if it is there. */
    async readBack(credentials, delivery, _content, { now, signal }) {
      const rkey = recordKeyFor(delivery);
      try {
        const agent = await sessions.agentFor(credentials);
        if (!(await recordExists(agent, rkey, signal))) return undefined;
        return { result: 'published', detail: 'It was already on Bluesky from an earlier attempt.', liveUrl: liveLinkOf(agent.session!.handle, rkey) };
      } catch (error) {
        return outcomeOfError(error, credentials, false, now());
      }
    },
  };
}
