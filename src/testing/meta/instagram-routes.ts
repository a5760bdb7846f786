import { accessToken, fieldsOf, ok, pick, type Call, type Reply } from './call';
import type { Containers } from './containers';
import { GraphError, refuse } from './graph-errors';
import { fetchInstagramImage, fetchMedia } from './media-fetch';
import { META_ACCOUNTS, graphTime, type IssuedToken, type MetaState } from './meta-state';

/**
 * Instagram publishing, on graph.facebook.com with a Facebook user or Page token (Instagram API with
 * Facebook Login) or on graph.instagram.com with an Instagram Login token (instagram-login-routes.ts): the
 * same containers, the same account, the same published posts; only the token and the permissions differ
 * (content-publishing's table: instagram_basic, instagram_content_publish, pages_read_engagement with
 * Facebook Login; instagram_business_basic, instagram_business_content_publish with Instagram Login).
 * Written from:
 * - instagram-platform/content-publishing (POST /{ig-user-id}/media with image_url, video_url and
 *   media_type=REELS, is_carousel_item, media_type=CAROUSEL with children (at most 10), caption; POST
 *   /{ig-user-id}/media_publish with creation_id; 100 API-published posts per 24 hours; captions of at most
 *   2,200 characters; JPEG only; aspect ratio 4:5..1.91:1; `alt_text` "for image posts", added March 24,
 *   2025, "Reels and stories are not supported": kept with the image, refused with a video);
 * - instagram-graph-api/reference/ig-container (`status_code`, `status` carrying the error subcode);
 * - instagram-graph-api/reference/ig-user (GET /{ig-user-id} with `username`);
 * - instagram-graph-api/reference/ig-user/content_publishing_limit (`quota_usage`, `config.quota_total`,
 *   `config.quota_duration`);
 * - instagram-graph-api/reference/error-codes (9004/2207052 fetch failed, 9007/2207027 not ready,
 *   -2/2207020 expired, 9/2207042 daily limit reached).
 * Publishing a container twice is not in the error table: the stand-in refuses it with code 100.
 */
/** Which login's token a host takes, and the permissions it needs to publish and to read. */
export type InstagramLogin = 'facebook' | 'instagram';
const SCOPES: Record<InstagramLogin, { publish: string[]; read: string[] }> = {
  facebook: { publish: ['instagram_basic', 'instagram_content_publish', 'pages_read_engagement'], read: ['instagram_basic'] },
  instagram: { publish: ['instagram_business_basic', 'instagram_business_content_publish'], read: ['instagram_business_basic'] },
};
const QUOTA_TOTAL = 100;
const CAPTION_MAX = 2200;

export function createInstagramRoutes(state: MetaState, containers: Containers, login: InstagramLogin = 'facebook') {
  const { publish: PUBLISH_SCOPES, read: READ_SCOPES } = SCOPES[login];
  /**
   * Facebook Login: a user token of the Page's admin or the Page's own token, the Instagram account the
   * Page's. Instagram Login: the account's own token.
   */
  const authorize = (call: Call, igUserId: string, scopes: string[]): IssuedToken => {
    const token = state.check(accessToken(call), login);
    if (igUserId !== META_ACCOUNTS.instagram.id || (token.kind === 'page' && token.pageId !== META_ACCOUNTS.page.id))
      throw refuse.unsupported(call.method, igUserId);
    state.requireScopes(token, scopes);
    return token;
  };

  const createMedia = async (call: Call, igUserId: string): Promise<Reply> => {
    authorize(call, igUserId, PUBLISH_SCOPES);
    const { params } = call;
    const caption = params.caption ?? '';
    if ([...caption].length > CAPTION_MAX) throw refuse.param(`Param caption must be at most ${CAPTION_MAX} characters long.`);
    const isCarouselItem = params.is_carousel_item === 'true';
    const base = { network: 'instagram' as const, accountId: igUserId, text: isCarouselItem ? '' : caption, isCarouselItem, children: [] };
    if (params.media_type === 'CAROUSEL') {
      const children = (params.children ?? '').split(',').filter(Boolean);
      if (children.length < 2 || children.length > 10) throw refuse.param('The carousel must have between 2 and 10 children.');
      for (const id of children) {
        const child = containers.containers.get(id);
        if (!child || child.accountId !== igUserId || !child.isCarouselItem) throw refuse.param(`The child ${id} is not a carousel item of this account.`);
      }
      return ok({ id: containers.create({ ...base, mediaType: 'CAROUSEL', children }).id });
    }
    if (params.video_url) {
      if (params.alt_text !== undefined) throw refuse.param('The parameter alt_text is only supported for images.');
      const mediaType = params.media_type ?? '';
      if (!(mediaType === 'REELS' || (isCarouselItem && mediaType === 'VIDEO')))
        throw refuse.param('The media type is not supported: use media_type=REELS for a video, or VIDEO for a carousel item.', 2207023);
      const container = containers.create({ ...base, mediaType, media: { kind: 'video', url: params.video_url } });
      // Videos are fetched after the container is made: a failure shows as status_code ERROR.
      container.fetching = true;
      void fetchMedia(params.video_url, { maxBytes: 300 * 1024 * 1024 }).then((media) => {
        container.fetching = false;
        if (!media || (media.format !== 'mp4' && media.format !== 'mov')) container.failure = '2207052';
      });
      return ok({ id: container.id });
    }
    if (!params.image_url) throw refuse.param('The parameter image_url is required.');
    await fetchInstagramImage(params.image_url);
    const alt = params.alt_text === undefined ? {} : { alt: params.alt_text };
    return ok({ id: containers.create({ ...base, mediaType: 'IMAGE', media: { kind: 'image', url: params.image_url, ...alt } }).id });
  };

  const publish = (call: Call, igUserId: string): Reply => {
    authorize(call, igUserId, PUBLISH_SCOPES);
    const container = containers.containers.get(call.params.creation_id ?? '');
    if (!container || container.network !== 'instagram' || container.accountId !== igUserId) throw refuse.param('Invalid parameter: creation_id.');
    if (container.isCarouselItem) throw refuse.param('A carousel item cannot be published on its own: publish its carousel container.');
    const status = containers.statusOf(container);
    if (status === 'PUBLISHED') throw refuse.param('This media container has already been published.');
    if (status === 'EXPIRED')
      throw new GraphError(400, -2, 'The media you are trying to access has expired. Please try to upload again.', { subcode: 2207020 });
    if (status !== 'FINISHED')
      throw new GraphError(400, 9007, 'Media ID is not available', {
        subcode: 2207027,
        userTitle: 'Media not ready for publishing',
        userMessage: 'The media is not ready for publishing, please wait for a moment',
      });
    if (state.quotaUsage('instagram', igUserId) >= QUOTA_TOTAL)
      throw new GraphError(400, 9, 'Application request limit reached', {
        subcode: 2207042,
        userMessage: 'You reached maximum number of posts that is allowed to be published by Content Publishing API.',
      });
    const id = `1795${String(state.published.length + 1).padStart(11, '0')}`;
    container.publishedId = id;
    const media = [container, ...container.children.map((child) => containers.containers.get(child)!)].flatMap((item) => (item.media ? [item.media] : []));
    state.published.push({
      network: 'instagram',
      accountId: igUserId,
      id,
      text: container.text,
      media,
      permalink: `https://www.instagram.com/p/BS${id.slice(-8)}/`,
      createdAt: state.now(),
    });
    return ok({ id });
  };

  const readMedia = (call: Call, igUserId: string): Reply => {
    authorize(call, igUserId, READ_SCOPES);
    const fields = fieldsOf(call, []);
    const items = state.published
      .filter((item) => item.network === 'instagram' && item.accountId === igUserId)
      .reverse()
      .map((item) => {
        const container = [...containers.containers.values()].find((candidate) => candidate.publishedId === item.id);
        const mediaType = container?.mediaType === 'CAROUSEL' ? 'CAROUSEL_ALBUM' : container?.mediaType === 'IMAGE' ? 'IMAGE' : 'VIDEO';
        return pick({ id: item.id, caption: item.text, media_type: mediaType, permalink: item.permalink, timestamp: graphTime(item.createdAt) }, fields);
      });
    return ok({ data: items });
  };

  const limit = (call: Call, igUserId: string): Reply => {
    authorize(call, igUserId, READ_SCOPES);
    const fields = fieldsOf(call, ['quota_usage']);
    const entry = { quota_usage: state.quotaUsage('instagram', igUserId), config: { quota_total: QUOTA_TOTAL, quota_duration: 86_400 } };
    return ok({ data: [Object.fromEntries(Object.entries(entry).filter(([key]) => fields.includes(key)))] });
  };

  /** GET /{ig-user-id}?fields=username (instagram-graph-api/reference/ig-user: `username` among its fields). */
  const account = (call: Call, igUserId: string): Reply => {
    authorize(call, igUserId, READ_SCOPES);
    return ok(pick({ id: igUserId, username: META_ACCOUNTS.instagram.username }, fieldsOf(call, ['id'])));
  };

  /** GET /{container-id}?fields=status_code,status. */
  const readContainer = (call: Call, id: string): Reply | undefined => {
    const container = containers.containers.get(id);
    if (!container || container.network !== 'instagram') return undefined;
    authorize(call, container.accountId, READ_SCOPES);
    const statusCode = containers.poll(container);
    const status =
      statusCode === 'ERROR'
        ? (container.failure ?? '2207001')
        : statusCode === 'FINISHED'
          ? 'Finished: Media has been uploaded and it is ready to be published.'
          : statusCode;
    return ok(pick({ id, status_code: statusCode, status }, fieldsOf(call, ['status_code'])));
  };

  return { createMedia, publish, readMedia, limit, account, readContainer };
}
