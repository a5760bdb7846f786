import { accessToken, fieldsOf, ok, pick, type Call, type Reply } from './call';
import { GraphError, refuse } from './graph-errors';
import { fetchMedia, IMAGE_MAX_BYTES, mediaRefusals } from './media-fetch';
import { META_ACCOUNTS, graphTime, type IssuedToken, type MetaState, type PublishedItem } from './meta-state';

/**
 * Publishing to a Facebook Page, written from:
 * - pages-api/posts (POST /{page-id}/feed with message and link, a Page access token, pages_manage_posts and
 *   pages_read_engagement; publish_video for videos);
 * - graph-api/reference/page/photos (url, published=false for an unpublished photo to attach with
 *   attached_media[{"media_fbid"}] on /feed) and graph-api/reference/page/videos (file_url);
 * - graph-api/reference/page/feed (GET /{page-id}/feed, /posts, /published_posts: id, message,
 *   created_time, permalink_url);
 * - graph-api/reference/page-post (GET /{page-id}_{post-id}: message, created_time, permalink_url) and
 *   graph-api/reference/video (GET /{video-id}: description, created_time, permalink_url, which Graph
 *   gives as a path on www.facebook.com, e.g. `/{page-id}/videos/{video-id}/`);
 * - graph-api/guides/error-handling (506 duplicate post; 210 when a user token is used where a Page token is
 *   needed; 200 for a missing publishing permission).
 */
const PUBLISH_SCOPES = ['pages_manage_posts', 'pages_read_engagement'];

interface Photo {
  id: string;
  url: string;
  attached: boolean;
}

export function createPageRoutes(state: MetaState) {
  const photos = new Map<string, Photo>();
  let next = 0;
  const newId = () => `${Date.UTC(2026, 0, 1) / 1000}${String(++next).padStart(6, '0')}`;

  const pageToken = (call: Call, pageId: string, scopes: string[]): IssuedToken => {
    const token = state.check(accessToken(call), 'facebook');
    if (pageId !== META_ACCOUNTS.page.id) throw refuse.unsupported(call.method, pageId);
    if (token.kind !== 'page') throw refuse.permission(210, 'A page access token is required to request this resource.');
    if (token.pageId !== pageId) throw refuse.unsupported(call.method, pageId);
    state.requireScopes(token, scopes, 200);
    return token;
  };

  /** Uploaded videos by id, and the Page post each became. */
  const videos = new Map<string, PublishedItem>();

  const post = (pageId: string, text: string, media: PublishedItem['media'], link?: string, permalink?: string): PublishedItem => {
    const postId = `${pageId}_${newId()}`;
    const item: PublishedItem = {
      network: 'facebook',
      accountId: pageId,
      id: postId,
      text,
      media,
      ...(link === undefined ? {} : { link }),
      permalink: permalink ?? `https://www.facebook.com/${pageId}/posts/${postId.split('_')[1]}`,
      createdAt: state.now(),
    };
    state.published.push(item);
    return item;
  };

  /** `attached_media` as JSON (`[{"media_fbid":"1"}]`) or indexed (`attached_media[0]={"media_fbid":"1"}`). */
  const attachedMedia = (params: Record<string, string>): string[] => {
    const entries = params.attached_media
      ? (JSON.parse(params.attached_media) as { media_fbid: string }[])
      : Object.keys(params)
          .filter((key) => key.startsWith('attached_media['))
          .map((key) => JSON.parse(params[key]!) as { media_fbid: string });
    return entries.map((entry) => String(entry.media_fbid));
  };

  const feed = (call: Call, pageId: string): Reply => {
    pageToken(call, pageId, PUBLISH_SCOPES);
    const { message = '', link } = call.params;
    const attached = attachedMedia(call.params);
    if (!message && !link && attached.length === 0) throw refuse.param('(#100) The post is empty: give a message, a link or attached_media.');
    const unusable = attached.find((id) => !photos.get(id) || photos.get(id)!.attached);
    if (unusable) throw refuse.param(`(#100) Invalid media_fbid: ${unusable}`);
    const last = state.published.filter((item) => item.network === 'facebook' && item.accountId === pageId).at(-1);
    if (last && message && last.text === message && last.link === link) throw new GraphError(400, 506, '(#506) Duplicate status message');
    const media = attached.map((id) => {
      const photo = photos.get(id)!;
      photo.attached = true;
      return { kind: 'image' as const, url: photo.url };
    });
    return ok({ id: post(pageId, message, media, link).id });
  };

  const photo = async (call: Call, pageId: string): Promise<Reply> => {
    pageToken(call, pageId, PUBLISH_SCOPES);
    const { url, published = 'true' } = call.params;
    if (!url) throw refuse.param('(#324) Requires upload file');
    const fetched = await fetchMedia(url, { maxBytes: IMAGE_MAX_BYTES });
    if (!fetched) throw mediaRefusals.notFetched(url);
    if (!fetched.format || !['jpeg', 'png', 'gif', 'webp'].includes(fetched.format)) throw refuse.param('(#324) Missing or invalid image file');
    const id = newId();
    if (published === 'false') {
      photos.set(id, { id, url, attached: false });
      return ok({ id });
    }
    photos.set(id, { id, url, attached: true });
    return ok({ id, post_id: post(pageId, call.params.caption ?? call.params.message ?? '', [{ kind: 'image', url }]).id });
  };

  const video = async (call: Call, pageId: string): Promise<Reply> => {
    pageToken(call, pageId, [...PUBLISH_SCOPES, 'publish_video']);
    const { file_url: url } = call.params;
    if (!url) throw refuse.param('(#100) The parameter file_url is required');
    const fetched = await fetchMedia(url, { maxBytes: 1024 ** 3 });
    if (!fetched) throw new GraphError(400, 351, '(#351) Sorry, there was a problem with your video file. Please try again with another file.');
    if (fetched.format !== 'mp4' && fetched.format !== 'mov')
      throw new GraphError(400, 352, "(#352) Sorry, the video file you selected is in a format that we don't support.");
    const id = newId();
    videos.set(id, post(pageId, call.params.description ?? '', [{ kind: 'video', url }], undefined, `https://www.facebook.com/${pageId}/videos/${id}/`));
    return ok({ id });
  };

  /** GET /{post-id} or /{video-id} of the Page's: undefined for an id that is neither. */
  const node = (call: Call, id: string): Reply | undefined => {
    const video = videos.get(id);
    const item = video ?? state.published.find((candidate) => candidate.network === 'facebook' && candidate.id === id);
    if (!item) return undefined;
    pageToken(call, item.accountId, ['pages_read_engagement']);
    const common = { id, created_time: graphTime(item.createdAt) };
    if (video) {
      const full = { ...common, ...(item.text ? { description: item.text } : {}), permalink_url: new URL(item.permalink).pathname };
      return ok(pick(full, fieldsOf(call, ['description', 'created_time'])));
    }
    const full = { ...common, ...(item.text ? { message: item.text } : {}), permalink_url: item.permalink };
    return ok(pick(full, fieldsOf(call, ['message', 'created_time'])));
  };

  /** GET /{page-id}/feed, /posts, /published_posts: newest first. */
  const read = (call: Call, pageId: string): Reply => {
    pageToken(call, pageId, ['pages_read_engagement']);
    const fields = fieldsOf(call, ['message', 'created_time']);
    const limit = Math.min(Number(call.params.limit ?? 25) || 25, 100);
    const data = state.published
      .filter((item) => item.network === 'facebook' && item.accountId === pageId)
      .reverse()
      .slice(0, limit)
      .map((item) =>
        pick(
          {
            id: item.id,
            ...(item.text ? { message: item.text } : {}),
            created_time: graphTime(item.createdAt),
            permalink_url: item.permalink,
            is_published: true,
            ...(item.media.length ? { full_picture: item.media[0]!.url } : {}),
          },
          fields,
        ),
      );
    return ok({ data });
  };

  /** GET /{page-id}?fields=name,instagram_business_account. */
  const page = (call: Call, pageId: string): Reply => {
    const token = state.check(accessToken(call), 'facebook');
    if (pageId !== META_ACCOUNTS.page.id || (token.kind === 'page' && token.pageId !== pageId)) throw refuse.unsupported('GET', pageId);
    const full = { id: pageId, name: META_ACCOUNTS.page.name, instagram_business_account: { id: META_ACCOUNTS.instagram.id } };
    return ok(pick(full, fieldsOf(call, ['name'])));
  };

  return { feed, photo, video, read, page, node };
}
