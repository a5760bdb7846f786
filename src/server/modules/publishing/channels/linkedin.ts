import { countLength } from '@shared/domain/text-length';
import { NETWORKS } from '@shared/networks';
import { PROVIDER_HOSTS } from '../../../provider-config';
import { loadSharp } from '../../../platform/image-libraries';
import type { OutgoingFile } from '../media-files';
import { threadsImage } from '../network-images';
import type { AttemptOutcome } from '../outcome';
import type { Channel, ChannelContent, ChannelDelivery, ChannelSetup, SendContext } from './channel';
import { firstLink } from './facebook';
import { contentFingerprint, ordinal } from './fetched-media';
import { pause } from '../pause';
import { NOT_READY_RETRY_MS, POLL_PAUSES_MS } from './meta-containers';
import { createLinkedInApi, duplicateOf, linkedinCredentialsSchema, NETWORK, postLink, type LinkedInCredentials } from './linkedin-api';

/**
 * LinkedIn, as a member or a Page (its author urn), written from learn.microsoft.com/linkedin/marketing/
 * community-management/shares: posts-api (POST /rest/posts: commentary, visibility, distribution,
 * lifecycleState; at most one content: an article's source and title, a media id, or a multiImage of 2 to
 * 20 images; the post's urn in x-restli-id; GET /rest/posts?q=author), little-text-format (the reserved
 * characters \ | { } @ [ ] ( ) < > # * _ ~ are escaped with a backslash to be read as text; a #hashtag is
 * kept one), images-api (initializeUpload, then the bytes PUT to uploadUrl; JPG, GIF and PNG) and
 * videos-api (MP4: initializeUpload with fileSizeBytes, each part PUT and its ETag kept, finalizeUpload,
 * then GET until AVAILABLE). The files are sent from this server: PUBLIC_URL need not be reachable.
 *
 * The Posts API takes no idempotency key. The delivery is marked sent before the post is created and
 * keeps the uploaded media's urns; an attempt after one that may have published first reads the
 * author's posts (where the connection may: r_organization_social for a Page; a member's posts need
 * r_member_social, which LinkedIn grants few apps), and else sends the same post again: LinkedIn refuses
 * a duplicate of a post already on the account, naming it, and that post is the one published.
 */
const RULES = NETWORKS.linkedin;
const IMAGE_TYPES = new Set(['image/jpeg', 'image/png', 'image/gif']);
const MAX_IMAGES = 20;
/** How far LinkedIn's clock may be behind ours when a post is looked for by its time. */
const CLOCK_SKEW_MS = 5 * 60_000;
const RESERVED = new Set(['\\', '|', '{', '}', '@', '[', ']', '(', ')', '<', '>', '#', '*', '_', '~']);
const HASHTAG_WORD = /[\p{L}\p{N}_]+/uy;

/** The text in LinkedIn's little format: each reserved character escaped, a #hashtag (after a space or at the start) kept one. */
export function littleText(text: string): string {
  let out = '';
  for (let at = 0; at < text.length; at++) {
    const char = text[at]!;
    if (char === '#' && (at === 0 || /\s/.test(text[at - 1]!))) {
      HASHTAG_WORD.lastIndex = at + 1;
      const word = HASHTAG_WORD.exec(text)?.[0];
      if (word) {
        out += `#${word}`;
        at += word.length;
        continue;
      }
    }
    out += RESERVED.has(char) ? `\\${char}` : char;
  }
  return out;
}

/** What LinkedIn would refuse in a post's text and files, in words with what to change; undefined when it takes them. */
export function linkedinContentRefusal(text: string, files: Pick<OutgoingFile, 'mime'>[]): string | undefined {
  if (files.length === 0 && text.trim() === '') return `The post has neither text nor media for ${NETWORK}. Write something, or add an image.`;
  const length = countLength(RULES.counting, littleText(text));
  if (length > RULES.maxLength) {
    const over = length - RULES.maxLength;
    return `The text with its hashtags is longer than the ${RULES.maxLength} characters ${NETWORK} takes (brackets and some other symbols count twice). Shorten it by ${over} character${over === 1 ? '' : 's'}.`;
  }
  const videos = files.filter((file) => file.mime.startsWith('video/'));
  if (videos.length > 0 && files.length > 1) return `A ${NETWORK} post takes images or one video, not both. Keep the video alone, or remove it.`;
  if (videos.length === 1 && videos[0]!.mime !== 'video/mp4') return `The video is not an MP4, the kind ${NETWORK} publishes. Replace it with an MP4.`;
  if (files.length > MAX_IMAGES)
    return `${NETWORK} takes at most ${MAX_IMAGES} images in a post, and this one has ${files.length}. Remove ${files.length - MAX_IMAGES}.`;
  const other = files.findIndex((file) => !file.mime.startsWith('video/') && !file.mime.startsWith('image/'));
  if (other >= 0) return `The ${ordinal(other)} file is not an image or video ${NETWORK} publishes. Replace it with a JPG or PNG.`;
  return undefined;
}

/**
 * A text post's first https link, shared as an article. LinkedIn's API does not fetch the page for a
 * preview: the article's required title is the link's host, and it shows no picture.
 */
function articleOf(text: string): { article: { source: string; title: string } } | undefined {
  const link = firstLink(text);
  if (!link) return undefined;
  try {
    return { article: { source: link, title: new URL(link).hostname } };
  } catch {
    return undefined;
  }
}

/** Kept in the delivery across attempts: the media uploaded so far (file name → urn), for the text and files they were made for. */
interface Progress {
  content: string;
  media: Record<string, string>;
}
function progressOf(saved: string | null, content: string): Progress {
  try {
    const kept = JSON.parse(saved ?? '{}') as Partial<Progress>;
    if (kept.content === content && kept.media && typeof kept.media === 'object') return { content, media: kept.media };
  } catch {
    // A progress we cannot read saves nothing: the media is uploaded again.
  }
  return { content, media: {} };
}

export function linkedinChannel(setup: ChannelSetup): Channel<LinkedInCredentials, 'linkedin'> {
  const api = createLinkedInApi({ baseUrl: setup.providers.linkedin?.apiUrl ?? PROVIDER_HOSTS.linkedin.api, policy: setup.policy });

  function steps(credentials: LinkedInCredentials, { now, signal }: Pick<SendContext, 'now' | 'signal'>) {
    const account = credentials.author;
    const call = <T>(request: Omit<Parameters<typeof api.call>[0], 'token' | 'signal'>) =>
      api.call<T>({ ...request, token: credentials.accessToken, signal }, { account, now });

    /** Reads an image's or video's status until AVAILABLE, a few times within this attempt. */
    async function awaitAvailable(urn: string): Promise<AttemptOutcome | undefined> {
      const path = `/rest/${urn.startsWith('urn:li:video:') ? 'videos' : 'images'}/${encodeURIComponent(urn)}`;
      for (let round = 0; ; round++) {
        const answer = await call<{ status?: unknown }>({ method: 'GET', path });
        if (!answer.ok) return answer.lost ? { result: 'retry', detail: `${NETWORK} did not answer when asked about the post's media.` } : answer.outcome;
        const { status } = answer.json;
        if (status === 'AVAILABLE') return undefined;
        if (status === 'PROCESSING_FAILED')
          return { result: 'failed', detail: `${NETWORK} could not process the post's media. Check its images and video, then retry.` };
        const wait = POLL_PAUSES_MS[round];
        if (wait === undefined || !(await pause(wait, signal)))
          return {
            result: 'retry',
            detail: `${NETWORK} is still processing the post's media; it will be published once it is ready.`,
            retryAfterMs: NOT_READY_RETRY_MS,
          };
      }
    }

    /** A PUT of bytes to an upload address: its ETag (a video part's id), or the outcome. */
    async function put(url: string, bytes: Uint8Array, type: string): Promise<string | AttemptOutcome> {
      const chunk = Buffer.from(bytes);
      const answer = await call({
        method: 'PUT',
        path: url,
        file: {
          size: chunk.length,
          type,
          body: async function* () {
            yield chunk;
          },
        },
      });
      // An upload without an answer published nothing: it is simply made again.
      if (!answer.ok) return answer.lost ? { result: 'retry', detail: 'Not sent: a media upload got no answer.' } : answer.outcome;
      const etag = answer.headers.etag;
      return (Array.isArray(etag) ? etag[0] : etag) ?? '';
    }

    async function uploadImage(file: OutgoingFile): Promise<string | AttemptOutcome> {
      const init = await call<{ value?: { uploadUrl?: string; image?: string } }>({
        method: 'POST',
        path: '/rest/images',
        query: { action: 'initializeUpload' },
        json: { initializeUploadRequest: { owner: account } },
      });
      if (!init.ok) return init.lost ? { result: 'retry', detail: 'Not sent: a media upload got no answer.' } : init.outcome;
      const { uploadUrl, image } = init.json.value ?? {};
      if (!uploadUrl || !image) return { result: 'retry', detail: `${NETWORK} did not say where to upload the image.` };
      let sent: string | AttemptOutcome;
      // Outside the try: an image library that cannot load is the server's fault (a retry), not the image's.
      if (!IMAGE_TYPES.has(file.mime)) await loadSharp();
      try {
        sent = await file.withBytes(async (bytes) => {
          // LinkedIn takes JPG, GIF and PNG; another image (WebP) goes as a JPEG.
          const converted = IMAGE_TYPES.has(file.mime) ? undefined : await threadsImage(bytes, file.mime);
          return put(uploadUrl, converted ?? bytes, converted ? 'image/jpeg' : file.mime);
        });
      } catch {
        return { result: 'failed', detail: 'An image of the post could not be read to prepare it. Replace it with a JPG or PNG, then retry.' };
      }
      return typeof sent === 'string' ? image : sent;
    }

    async function uploadVideo(file: OutgoingFile): Promise<string | AttemptOutcome> {
      const init = await call<{
        value?: { video?: string; uploadToken?: string; uploadInstructions?: { uploadUrl: string; firstByte: number; lastByte: number }[] };
      }>({
        method: 'POST',
        path: '/rest/videos',
        query: { action: 'initializeUpload' },
        json: { initializeUploadRequest: { owner: account, fileSizeBytes: file.size, uploadCaptions: false, uploadThumbnail: false } },
      });
      if (!init.ok) return init.lost ? { result: 'retry', detail: 'Not sent: a media upload got no answer.' } : init.outcome;
      const { video, uploadToken = '', uploadInstructions = [] } = init.json.value ?? {};
      if (!video || uploadInstructions.length === 0) return { result: 'retry', detail: `${NETWORK} did not say where to upload the video.` };
      const parts = await file.withBytes(async (bytes) => {
        const ids: string[] = [];
        for (const part of uploadInstructions) {
          const sent = await put(part.uploadUrl, bytes.subarray(part.firstByte, part.lastByte + 1), 'application/octet-stream');
          if (typeof sent !== 'string') return sent;
          ids.push(sent);
        }
        return ids;
      });
      if (!Array.isArray(parts)) return parts;
      const done = await call({
        method: 'POST',
        path: '/rest/videos',
        query: { action: 'finalizeUpload' },
        json: { finalizeUploadRequest: { video, uploadToken, uploadedPartIds: parts } },
      });
      if (!done.ok) return done.lost ? { result: 'retry', detail: 'Not sent: the video upload got no answer.' } : done.outcome;
      return video;
    }

    /**
     * Looks among the author's latest posts for one with this text made since the first send. Found:
     * published. Undefined: not there, or the connection may not read them (sending again is then safe,
     * as LinkedIn refuses a duplicate naming the post).
     */
    async function findPosted(text: string, sentAt: Date): Promise<AttemptOutcome | undefined> {
      const answer = await call<{ elements?: { id?: unknown; commentary?: unknown; createdAt?: unknown }[] }>({
        method: 'GET',
        path: '/rest/posts',
        query: { q: 'author', author: account, count: '20' },
      });
      if (!answer.ok) {
        const { outcome } = answer;
        // Not allowed to read the author's posts (403): the duplicate refusal will tell.
        if (answer.status === 403) return undefined;
        if (outcome.result === 'failed' && outcome.connectionLost)
          return { ...outcome, detail: `${outcome.detail} An earlier attempt may have published it: look at the account before you retry.` };
        if (outcome.result === 'retry' || answer.lost)
          return { result: 'retry', detail: `Could not yet check whether an earlier attempt posted it. ${outcome.detail}` };
        return undefined;
      }
      const since = sentAt.getTime() - CLOCK_SKEW_MS;
      const found = (answer.json.elements ?? []).find(
        (post) => post.commentary === littleText(text) && typeof post.createdAt === 'number' && post.createdAt >= since && typeof post.id === 'string',
      );
      return found
        ? { result: 'published', detail: `It was already on ${NETWORK} from an earlier attempt whose answer was lost.`, liveUrl: postLink(found.id as string) }
        : undefined;
    }

    return { call, awaitAvailable, uploadImage, uploadVideo, findPosted };
  }

  /** The post's content: its media uploaded (reusing what an earlier attempt uploaded), or an article for its first link. */
  async function contentOf(s: ReturnType<typeof steps>, delivery: ChannelDelivery, content: ChannelContent, files: OutgoingFile[]) {
    if (files.length === 0) return articleOf(content.text);
    const progress = progressOf(delivery.progress, contentFingerprint(content));
    for (const file of files) {
      if (progress.media[file.name]) continue;
      const urn = file.mime.startsWith('video/') ? await s.uploadVideo(file) : await s.uploadImage(file);
      if (typeof urn !== 'string') return urn;
      progress.media[file.name] = urn;
      await delivery.saveProgress(JSON.stringify(progress));
    }
    const urns = files.map((file) => progress.media[file.name]!);
    for (const urn of urns) {
      const waiting = await s.awaitAvailable(urn);
      if (waiting) return waiting;
    }
    return urns.length === 1 ? { media: { id: urns[0]! } } : { multiImage: { images: urns.map((id) => ({ id })) } };
  }

  return {
    kind: 'linkedin',
    credentialsSchema: linkedinCredentialsSchema,

    async test(credentials, _connection, now) {
      const answer = await api.call<{ name?: unknown }>(
        { method: 'GET', path: '/v2/userinfo', token: credentials.accessToken },
        { account: credentials.author, now },
      );
      if (!answer.ok)
        return { ok: false, message: answer.outcome.detail, connectionLost: answer.outcome.result === 'failed' && answer.outcome.connectionLost === true };
      const { name } = answer.json;
      return { ok: true, message: typeof name === 'string' ? `Connected as ${name.slice(0, 100)}.` : 'Connected.' };
    },

    check: async (_credentials, content) => linkedinContentRefusal(content.text, await content.files()),

    async send(credentials, delivery, content, context) {
      const files = await content.files();
      const refusal = linkedinContentRefusal(content.text, files);
      if (refusal) return { result: 'failed', detail: refusal };
      const resting = api.backoff.waitMs(credentials.author, context.now());
      if (resting > 0)
        return {
          result: 'retry',
          detail: `${NETWORK} asked us to slow down for this account; it will be sent when the limit resets.`,
          retryAfterMs: resting,
          untilReset: true,
        };
      const s = steps(credentials, context);
      const earlier = delivery.sentAt;
      if (earlier) {
        const found = await s.findPosted(content.text, new Date(earlier));
        if (found) return found;
      }
      const made = await contentOf(s, delivery, content, files);
      if (made && 'result' in made) return made;
      if (!earlier) await delivery.markSent(context.now().toISOString());
      const answer = await s.call({
        method: 'POST',
        path: '/rest/posts',
        json: {
          author: credentials.author,
          commentary: littleText(content.text),
          visibility: 'PUBLIC',
          distribution: { feedDistribution: 'MAIN_FEED', targetEntities: [], thirdPartyDistributionChannels: [] },
          lifecycleState: 'PUBLISHED',
          isReshareDisabledByAuthor: false,
          ...(made ? { content: made } : {}),
        },
      });
      if (answer.ok) {
        const id = answer.headers['x-restli-id'];
        const urn = Array.isArray(id) ? id[0] : id;
        return { result: 'published', detail: `Published on ${NETWORK}.`, liveUrl: urn ? postLink(urn) : null };
      }
      // The next attempt looks for it first, and LinkedIn refuses the same post twice.
      if (answer.lost) return { result: 'retry', detail: `Sent to ${NETWORK}, but no answer came; the next attempt first looks for it on the account.` };
      const duplicate = duplicateOf(answer.error);
      if (earlier && duplicate)
        return { result: 'published', detail: `It was already on ${NETWORK} from an earlier attempt whose answer was lost.`, liveUrl: postLink(duplicate) };
      return answer.outcome;
    },

    readBack: async (credentials, delivery, { text }, context) =>
      delivery.sentAt ? steps(credentials, context).findPosted(text, new Date(delivery.sentAt)) : undefined,
  };
}
