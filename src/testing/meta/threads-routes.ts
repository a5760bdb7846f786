import { accessToken, fieldsOf, ok, pick, type Call, type Reply } from './call';
import type { Containers } from './containers';
import { refuse } from './graph-errors';
import { fetchMedia, IMAGE_MAX_BYTES, mediaRefusals } from './media-fetch';
import { META_ACCOUNTS, graphTime, type MetaState } from './meta-state';

/**
 * The Threads API on graph.threads.net, written from:
 * - threads/posts (POST /{threads-user-id}/threads with media_type TEXT, IMAGE, VIDEO or CAROUSEL, text,
 *   image_url, video_url, is_carousel_item, children (2 to 20); POST /{threads-user-id}/threads_publish with
 *   creation_id; "Text posts are limited to 500 characters", emojis counted as their UTF-8 bytes);
 * - threads/get-started (threads_basic for every endpoint, threads_content_publish for publishing);
 * - threads/troubleshooting (container `status` and `error_message`, e.g. FAILED_DOWNLOADING_VIDEO);
 * - threads/overview (250 API-published posts per 24 hours).
 * The error codes of the 500-character and double-publish refusals are not documented: both answer code 100.
 * An image that cannot be fetched is refused with Instagram's 9004 / 2207052, which Threads answers too.
 */
const TEXT_MAX = 500;
const POSTS_PER_DAY = 250;

/** Length as Threads counts it: one per character, an emoji as its UTF-8 bytes. */
export function threadsLength(text: string): number {
  let length = 0;
  for (const char of text) length += /\p{Extended_Pictographic}/u.test(char) ? Buffer.byteLength(char) : 1;
  return length;
}

export function createThreadsRoutes(state: MetaState, containers: Containers) {
  const authorize = (call: Call, userId: string, scopes: string[]) => {
    const token = state.check(accessToken(call), 'threads');
    if (userId !== 'me' && userId !== META_ACCOUNTS.threads.id) throw refuse.unsupported(call.method, userId);
    state.requireScopes(token, ['threads_basic', ...scopes]);
    return META_ACCOUNTS.threads.id;
  };

  const create = async (call: Call, userId: string): Promise<Reply> => {
    const accountId = authorize(call, userId, ['threads_content_publish']);
    const { params } = call;
    const text = params.text ?? '';
    if (threadsLength(text) > TEXT_MAX) throw refuse.param(`Param text must be at most ${TEXT_MAX} characters long.`);
    const isCarouselItem = params.is_carousel_item === 'true';
    const mediaType = params.media_type ?? '';
    const base = { network: 'threads' as const, accountId, text, isCarouselItem, mediaType, children: [] };
    if (mediaType === 'TEXT') {
      if (!text) throw refuse.param('The parameter text is required for media_type=TEXT.');
      return ok({ id: containers.create(base).id });
    }
    if (mediaType === 'CAROUSEL') {
      const children = (params.children ?? '').split(',').filter(Boolean);
      if (children.length < 2 || children.length > 20) throw refuse.param('A carousel must have between 2 and 20 children.');
      if (children.some((id) => !containers.containers.get(id)?.isCarouselItem)) throw refuse.param('Every child must be a carousel item of this profile.');
      return ok({ id: containers.create({ ...base, children }).id });
    }
    if (mediaType === 'IMAGE') {
      const url = params.image_url;
      if (!url) throw refuse.param('The parameter image_url is required for media_type=IMAGE.');
      const media = await fetchMedia(url, { maxBytes: IMAGE_MAX_BYTES });
      if (!media || (media.format !== 'jpeg' && media.format !== 'png')) throw mediaRefusals.notFetched(url);
      return ok({ id: containers.create({ ...base, media: { kind: 'image', url } }).id });
    }
    if (mediaType === 'VIDEO') {
      const url = params.video_url;
      if (!url) throw refuse.param('The parameter video_url is required for media_type=VIDEO.');
      const container = containers.create({ ...base, media: { kind: 'video', url } });
      container.fetching = true;
      void fetchMedia(url, { maxBytes: 1024 ** 3 }).then((media) => {
        container.fetching = false;
        if (!media || (media.format !== 'mp4' && media.format !== 'mov')) container.failure = 'FAILED_DOWNLOADING_VIDEO';
      });
      return ok({ id: container.id });
    }
    throw refuse.param('The parameter media_type must be one of TEXT, IMAGE, VIDEO, CAROUSEL.');
  };

  const publish = (call: Call, userId: string): Reply => {
    const accountId = authorize(call, userId, ['threads_content_publish']);
    const container = containers.containers.get(call.params.creation_id ?? '');
    if (!container || container.network !== 'threads') throw refuse.param('Invalid parameter: creation_id.');
    if (container.isCarouselItem) throw refuse.param('A carousel item cannot be published on its own.');
    const status = containers.statusOf(container);
    if (status === 'PUBLISHED') throw refuse.param('This media container has already been published.');
    if (status !== 'FINISHED') throw refuse.param(`The media container is not ready to be published (status ${status}).`);
    if (state.quotaUsage('threads', accountId) >= POSTS_PER_DAY) throw refuse.coded(4);
    const id = `1810${String(state.published.length + 1).padStart(13, '0')}`;
    container.publishedId = id;
    const media = [container, ...container.children.map((child) => containers.containers.get(child)!)].flatMap((item) => (item.media ? [item.media] : []));
    state.published.push({
      network: 'threads',
      accountId,
      id,
      text: container.text,
      media,
      permalink: `https://www.threads.com/@${META_ACCOUNTS.threads.username}/post/C${id.slice(-10)}`,
      createdAt: state.now(),
    });
    return ok({ id });
  };

  const read = (call: Call, userId: string): Reply => {
    const accountId = authorize(call, userId, []);
    const fields = fieldsOf(call, ['id']);
    const data = state.published
      .filter((item) => item.network === 'threads' && item.accountId === accountId)
      .reverse()
      .map((item) => {
        const container = [...containers.containers.values()].find((candidate) => candidate.publishedId === item.id);
        const mediaType = container?.mediaType === 'CAROUSEL' ? 'CAROUSEL_ALBUM' : container?.mediaType === 'TEXT' ? 'TEXT_POST' : container?.mediaType;
        return pick({ id: item.id, text: item.text, media_type: mediaType, permalink: item.permalink, timestamp: graphTime(item.createdAt) }, fields);
      });
    return ok({ data });
  };

  /** GET /{container-id}?fields=status,error_message, or GET /me. */
  const node = (call: Call, id: string): Reply => {
    if (id === 'me' || id === META_ACCOUNTS.threads.id) {
      authorize(call, id, []);
      return ok(pick({ id: META_ACCOUNTS.threads.id, username: META_ACCOUNTS.threads.username }, fieldsOf(call, ['id'])));
    }
    const container = containers.containers.get(id);
    if (!container || container.network !== 'threads') throw refuse.unsupported('GET', id);
    authorize(call, container.accountId, []);
    const status = containers.poll(container);
    return ok(pick({ id, status, ...(status === 'ERROR' ? { error_message: container.failure ?? 'UNKNOWN' } : {}) }, fieldsOf(call, ['id'])));
  };

  return { create, publish, read, node };
}
