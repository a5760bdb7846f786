import { countLength } from '@shared/domain/text-length';
import { NETWORKS } from '@shared/networks';
import { PROVIDER_HOSTS } from '../../../provider-config';
import { threadsImage } from '../network-images';
import type { AttemptOutcome } from '../outcome';
import type { Channel, ChannelContent, ChannelSetup } from './channel';
import { containerChannel } from './container-channel';
import { linkedMedia, ordinal } from './fetched-media';
import type { ContainerPlan } from './meta-containers';
import { threadsCredentialsSchema, type ThreadsCredentials } from './meta-credentials';
import { THREADS_API_VERSION } from './meta-graph';

/**
 * Threads: text, an image, a video, or a carousel (2 to 20 images and videos), through containers
 * (documentation/threads/posts): POST /{threads-user-id}/threads, GET /{container-id}?fields=status
 * until FINISHED, POST /{threads-user-id}/threads_publish. Checked when scheduled: text over 500
 * characters as Threads counts them (the registry's counting), more than 20 items, files it does not take.
 */
const RULES = NETWORKS.threads;
const NETWORK = RULES.label;
/** Threads' media specifications: videos MP4 or MOV up to 1 GB; images it does not take (GIF, WebP) are made JPEGs. */
const VIDEO_TYPES = new Set(['video/mp4', 'video/quicktime']);
const IMAGE_TYPES = new Set(['image/jpeg', 'image/png', 'image/gif', 'image/webp']);
const VIDEO_MAX_BYTES = 1024 ** 3;

/** What Threads would refuse in a post's text and files, in words with what to change; undefined when it takes them. */
export function threadsContentRefusal(text: string, files: { mime: string; size: number }[]): string | undefined {
  if (files.length === 0 && text.trim() === '') return `The post has neither text nor media for ${NETWORK}. Write something, or add an image.`;
  const length = countLength(RULES.counting, text, RULES.maxLength);
  if (length > RULES.maxLength) {
    const over = countLength(RULES.counting, text) - RULES.maxLength;
    return `The text with its hashtags is longer than the ${RULES.maxLength} characters ${NETWORK} takes (each emoji counts as several). Shorten it by ${over} character${over === 1 ? '' : 's'}.`;
  }
  const max = RULES.media.maxItems;
  if (files.length > max) return `${NETWORK} takes at most ${max} images and videos in a post, and this one has ${files.length}. Remove ${files.length - max}.`;
  for (const [index, file] of files.entries()) {
    const which = files.length === 1 ? 'The video' : `The ${ordinal(index)} file`;
    if (file.mime.startsWith('video/')) {
      if (!VIDEO_TYPES.has(file.mime)) return `${which} is not an MP4 or MOV video, the kinds ${NETWORK} publishes. Replace it with an MP4.`;
      if (file.size > VIDEO_MAX_BYTES) return `${which} is larger than the 1 GB ${NETWORK} takes. Replace it with a smaller one.`;
    } else if (!IMAGE_TYPES.has(file.mime)) return `The ${ordinal(index)} file is not an image or video ${NETWORK} publishes. Replace it with a JPG or PNG.`;
  }
  return undefined;
}

/** An ERROR container's `error_message` (threads/troubleshooting) in words. */
function errorWords(reason: string | undefined): string {
  const code = /^[A-Z_]{1,60}$/.test(reason ?? '') ? reason! : undefined;
  if (code === 'FAILED_DOWNLOADING_VIDEO' || code === 'MEDIA_FETCH_FAILED' || code === 'FAILED_DOWNLOADING_IMAGE')
    return `${NETWORK} could not fetch the post's media from this server (${code}). Make sure the server's address (PUBLIC_URL) is reachable from the internet, then retry.`;
  if (code === 'FAILED_PROCESSING_VIDEO' || code === 'UNSUPPORTED_VIDEO_FORMAT')
    return `${NETWORK} could not process the video (${code}): it publishes MP4 or MOV videos up to 5 minutes. Replace it, then retry.`;
  return `${NETWORK} could not process the post's media${code ? ` (${code})` : ''}. Check its images and videos, then retry.`;
}

/** The containers a post is made of: text, one image or video, or a carousel with the text on the carousel. */
async function planOf(content: ChannelContent, now: () => Date): Promise<ContainerPlan | AttemptOutcome> {
  const files = await content.files();
  const refusal = threadsContentRefusal(content.text, files);
  if (refusal) return { result: 'failed', detail: refusal };
  const text: Record<string, string> = content.text.trim() === '' ? {} : { text: content.text };
  if (files.length === 0) return { items: [], top: { media_type: 'TEXT', ...text } };
  const media = await linkedMedia(content, files, 'threads-jpeg', (bytes, mime) => threadsImage(bytes, mime), now);
  if (!Array.isArray(media)) return media;
  const params = (item: (typeof media)[number]): Record<string, string> =>
    item.kind === 'video' ? { media_type: 'VIDEO', video_url: item.url } : { media_type: 'IMAGE', image_url: item.url };
  if (media.length === 1) return { items: [], top: { ...params(media[0]!), ...text } };
  return { items: media.map((item) => ({ ...params(item), is_carousel_item: 'true' })), top: { media_type: 'CAROUSEL', ...text } };
}

export function threadsChannel(setup: ChannelSetup): Channel<ThreadsCredentials, 'threads'> {
  return containerChannel(setup, {
    kind: 'threads',
    credentialsSchema: threadsCredentialsSchema,
    network: NETWORK,
    host: () => ({ baseUrl: setup.providers.threads?.apiUrl ?? PROVIDER_HOSTS.threads.api, version: THREADS_API_VERSION }),
    account: (credentials) => ({ userId: credentials.threadsUserId, token: credentials.accessToken }),
    containers: {
      edges: { create: 'threads', publish: 'threads_publish', list: 'threads' },
      statusFields: 'status,error_message',
      statusOf: (json) => ({ status: String(json.status ?? ''), ...(typeof json.error_message === 'string' ? { reason: json.error_message } : {}) }),
      errorWords,
      textField: 'text',
    },
    // Only media is fetched from this server: a text post goes out whatever its address.
    fetchesMedia: (fileCount) => fileCount > 0,
    contentRefusal: threadsContentRefusal,
    plan: planOf,
  });
}
