import { countLength } from '@shared/domain/text-length';
import { NETWORKS } from '@shared/networks';
import { PROVIDER_HOSTS } from '../../../provider-config';
import { instagramImage } from '../network-images';
import type { AttemptOutcome } from '../outcome';
import type { Channel, ChannelContent, ChannelSetup, CheckedContent } from './channel';
import { containerChannel } from './container-channel';
import { linkedMedia, ordinal } from './fetched-media';
import { createContainerSteps, type ContainerNetwork, type ContainerPlan } from './meta-containers';
import { instagramCredentialsSchema, type InstagramCredentials } from './meta-credentials';
import { GRAPH_API_VERSION } from './meta-graph';

/**
 * Instagram: an image, a carousel (2 to 10 images and videos) or a Reel (a video), through media
 * containers (instagram-platform/content-publishing): POST /{ig-user-id}/media, GET
 * /{container-id}?fields=status_code until FINISHED, POST /{ig-user-id}/media_publish. Images are made
 * JPEGs within 4:5..1.91:1 first (network-images.ts). Checked when scheduled: what Instagram would refuse,
 * and the account's posts a day (GET /{ig-user-id}/content_publishing_limit).
 */
const RULES = NETWORKS.instagram;
const NETWORK = RULES.label;
/** Videos Instagram publishes (content-publishing, video specifications), and their largest sizes: a Reel 300 MB, a carousel video 100 MB. */
const VIDEO_TYPES = new Set(['video/mp4', 'video/quicktime']);
const IMAGE_TYPES = new Set(['image/jpeg', 'image/png', 'image/gif', 'image/webp']);
const REEL_MAX_BYTES = 300 * 1024 * 1024;
const CAROUSEL_VIDEO_MAX_BYTES = 100 * 1024 * 1024;
/** The daily limit speaks of the last 24 hours: a post due later than that is not judged by it. */
const QUOTA_WINDOW_MS = 24 * 3600_000;

const hashtagCount = (text: string) => text.split(/\s/).filter((word) => word.length > 1 && word.startsWith('#')).length;
const plural = (count: number, noun: string) => `${count.toLocaleString('en-US')} ${noun}${count === 1 ? '' : 's'}`;

/** What Instagram would refuse in a post's text and files, in words with what to change; undefined when it takes them. */
export function instagramContentRefusal(text: string, files: { mime: string; size: number }[]): string | undefined {
  if (files.length === 0) return `${NETWORK} posts need an image or a video. Add one, or plan this post for another network.`;
  const max = RULES.media.maxItems;
  if (files.length > max) return `${NETWORK} takes at most ${max} images and videos in a post, and this one has ${files.length}. Remove ${files.length - max}.`;
  const length = countLength(RULES.counting, text, RULES.maxLength);
  if (length > RULES.maxLength)
    return `The text with its hashtags is longer than the ${RULES.maxLength.toLocaleString('en-US')} characters ${NETWORK} takes. Shorten it by ${plural(countLength(RULES.counting, text) - RULES.maxLength, 'character')}.`;
  const hashtags = hashtagCount(text);
  if (hashtags > RULES.hashtagCap)
    return `${NETWORK} takes at most ${RULES.hashtagCap} hashtags in a post, and this one has ${hashtags}. Remove ${hashtags - RULES.hashtagCap}.`;
  for (const [index, file] of files.entries()) {
    const which = files.length === 1 ? 'The video' : `The ${ordinal(index)} file`;
    if (file.mime.startsWith('video/')) {
      if (!VIDEO_TYPES.has(file.mime)) return `${which} is not an MP4 or MOV video, the kinds ${NETWORK} publishes. Replace it with an MP4.`;
      const limit = files.length === 1 ? REEL_MAX_BYTES : CAROUSEL_VIDEO_MAX_BYTES;
      if (file.size > limit) return `${which} is larger than the ${limit / 1024 / 1024} MB ${NETWORK} takes. Replace it with a smaller one.`;
    } else if (!IMAGE_TYPES.has(file.mime)) return `The ${ordinal(index)} file is not an image or video ${NETWORK} publishes. Replace it with a JPG or PNG.`;
  }
  return undefined;
}

/** An ERROR container's `status` (an error subcode of the error-codes reference) in words. */
function errorWords(reason: string | undefined): string {
  const subcode = /\d{7}/.exec(reason ?? '')?.[0];
  if (subcode === '2207052' || subcode === '2207003')
    return `${NETWORK} could not fetch the post's media from this server (${subcode}). Make sure the server's address (PUBLIC_URL) is reachable from the internet, then retry.`;
  if (subcode === '2207026')
    return `${NETWORK} could not take the video (${subcode}): it publishes MP4 or MOV videos of 3 seconds to 15 minutes. Replace it, then retry.`;
  return `${NETWORK} could not process the post's media${subcode ? ` (${subcode})` : ''}. Check its images and videos, then retry.`;
}

/** The containers a post is made of: one image, a Reel, or a carousel of at most 10 items with the caption on the carousel. */
async function planOf(content: ChannelContent, now: () => Date): Promise<ContainerPlan | AttemptOutcome> {
  const files = await content.files();
  const refusal = instagramContentRefusal(content.text, files);
  if (refusal) return { result: 'failed', detail: refusal };
  const media = await linkedMedia(content, files, 'instagram-jpeg', (bytes) => instagramImage(bytes), now);
  if (!Array.isArray(media)) return media;
  const caption = { caption: content.text };
  // An image's alt text from the media library (`alt_text`, for image containers only: content-publishing).
  const altOf = (index: number): Record<string, string> => (files[index]!.alt ? { alt_text: files[index]!.alt } : {});
  if (media.length === 1) {
    const [only] = media as [(typeof media)[number]];
    return {
      items: [],
      top: only.kind === 'video' ? { media_type: 'REELS', video_url: only.url, ...caption } : { image_url: only.url, ...altOf(0), ...caption },
    };
  }
  return {
    items: media.map((item, index): Record<string, string> =>
      item.kind === 'video'
        ? { media_type: 'VIDEO', video_url: item.url, is_carousel_item: 'true' }
        : { image_url: item.url, is_carousel_item: 'true', ...altOf(index) },
    ),
    top: { media_type: 'CAROUSEL', ...caption },
  };
}

/** Whether the account has used up its posts of the last 24 hours (for a post due within them); undefined when it has room or Instagram does not say. */
async function quotaRefusal(net: ContainerNetwork, content: CheckedContent, now: () => Date): Promise<string | undefined> {
  if (content.dueAt && Date.parse(content.dueAt) - now().getTime() > QUOTA_WINDOW_MS) return undefined;
  const steps = createContainerSteps(net, { now, signal: AbortSignal.timeout(net.policy.timeoutMs) });
  const answer = await steps.call<{ data?: { quota_usage?: unknown; config?: { quota_total?: unknown } }[] }>(
    'GET',
    `/${net.userId}/content_publishing_limit`,
    { fields: 'config,quota_usage' },
  );
  if (!answer.ok) return undefined;
  const [limit] = answer.json.data ?? [];
  const used = Number(limit?.quota_usage);
  const total = Number(limit?.config?.quota_total);
  if (!Number.isFinite(used) || !Number.isFinite(total) || used < total) return undefined;
  return `This ${NETWORK} account has published its ${total} posts allowed through apps in the last 24 hours. Schedule this post for later, once a day has passed since the earliest of them.`;
}

export function instagramChannel(setup: ChannelSetup): Channel<InstagramCredentials, 'instagram'> {
  return containerChannel(setup, {
    kind: 'instagram',
    credentialsSchema: instagramCredentialsSchema,
    network: NETWORK,
    host: (credentials) => ({
      // Through Facebook Login the account is reached on graph.facebook.com; through Instagram Login on graph.instagram.com.
      baseUrl: setup.providers[credentials.api]?.apiUrl ?? PROVIDER_HOSTS[credentials.api].api,
      version: GRAPH_API_VERSION,
    }),
    account: (credentials) => ({ userId: credentials.igUserId, token: credentials.accessToken }),
    containers: {
      edges: { create: 'media', publish: 'media_publish', list: 'media' },
      statusFields: 'status_code,status',
      statusOf: (json) => ({ status: String(json.status_code ?? ''), ...(typeof json.status === 'string' ? { reason: json.status } : {}) }),
      errorWords,
      textField: 'caption',
    },
    // Every Instagram post has media, fetched from this server.
    fetchesMedia: () => true,
    contentRefusal: instagramContentRefusal,
    plan: planOf,
    accountRefusal: quotaRefusal,
  });
}
