import { ok, type Call, type Reply } from './call';
import { refuse } from './linkedin-errors';
import { LINKEDIN_ACCOUNTS, ORGANIZATION_URN, PERSON_URN, type LinkedInState, type StoredPost } from './linkedin-state';
import type { MediaRoutes } from './media-routes';

/**
 * The Posts API (marketing/community-management/shares/posts-api) and organization access control
 * (marketing/community-management/organizations/organization-access-control-by-role):
 * - POST /rest/posts: author (urn:li:person or urn:li:organization), commentary, visibility, distribution
 *   (feedDistribution), lifecycleState PUBLISHED, isReshareDisabledByAuthor, and at most one content:
 *   article (source, title, description, thumbnail image), media (an image or video urn, title, altText)
 *   or multiImage (images: 2 to 20 image urns with altText). Answers 201 with the post's urn in
 *   `x-restli-id`. w_member_social for the member's own posts; w_organization_social for a Page the member
 *   administers (ADMINISTRATOR, CONTENT_ADMIN, DIRECT_SPONSORED_CONTENT_POSTER).
 * - GET /rest/posts?q=author&author={urn}[&count&start] and GET /rest/posts/{urn}: r_member_social (restricted,
 *   approved apps only) for the member, r_organization_social for the Page. Newest first.
 * - GET /rest/organizationAcls?q=roleAssignee[&role&state]: the member's roles; r_organization_admin or
 *   rw_organization_admin.
 * - GET /rest/organizations/{id} (organizations/organization-lookup-api: rw_organization_admin; an
 *   administrator reads its Page's id, localizedName, vanityName and name).
 * Chosen where the docs are silent: media or an article thumbnail that is not the author's own AVAILABLE
 * upload is refused with 422 naming the field; a post with the same author, commentary and content as an
 * earlier one is a 422 duplicate (at any age); commentary over 3,000 characters is refused with 422.
 */
const VISIBILITIES = ['PUBLIC', 'CONNECTIONS', 'LOGGED_IN', 'CONTAINER'];
const FEEDS = ['MAIN_FEED', 'NONE'];
const MAX_COMMENTARY = 3000;

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);
const required = (path: string) => refuse.field(path, 'field is required but not found and has no default value');

export function createPostsRoutes(state: LinkedInState, media: MediaRoutes) {
  const checkMedia = (urn: unknown, author: string, path: string, kinds: ('image' | 'video')[]) => {
    if (typeof urn !== 'string') throw required(path);
    const kind = media.kindOf(urn);
    if (kind !== undefined && !kinds.includes(kind)) throw refuse.field(path, `${urn} is not an ${kinds.join(' or ')}`);
    const problem = media.usable(urn, author);
    if (problem) throw refuse.field(path, problem);
  };

  /** The content of a post, checked; undefined for a text post. */
  const contentOf = (body: Json, author: string): Json | undefined => {
    if (body.content === undefined) return undefined;
    if (!isObject(body.content)) throw refuse.field('/content', 'is not a record');
    const kinds = Object.keys(body.content);
    if (kinds.length !== 1) throw refuse.field('/content', 'must hold exactly one of article, media, multiImage, poll');
    const { article, media: single, multiImage } = body.content;
    if (article !== undefined) {
      if (!isObject(article) || typeof article.source !== 'string') throw required('/content/article/source');
      if (!/^https?:\/\//.test(article.source)) throw refuse.field('/content/article/source', 'is not a valid URL');
      if (article.thumbnail !== undefined) checkMedia(article.thumbnail, author, '/content/article/thumbnail', ['image']);
    } else if (single !== undefined) {
      if (!isObject(single)) throw required('/content/media/id');
      checkMedia(single.id, author, '/content/media/id', ['image', 'video']);
    } else if (multiImage !== undefined) {
      const images = isObject(multiImage) ? multiImage.images : undefined;
      if (!Array.isArray(images)) throw required('/content/multiImage/images');
      if (images.length < 2 || images.length > 20) throw refuse.field('/content/multiImage/images', 'must hold 2 to 20 images');
      images.forEach((image, index) => checkMedia(isObject(image) ? image.id : undefined, author, `/content/multiImage/images/${index}/id`, ['image']));
    } else throw refuse.field('/content', `${kinds[0]} is not supported by this stand-in`);
    return body.content;
  };

  const create = (call: Call): Reply => {
    const token = state.check(call.headers.authorization);
    const body = call.json;
    if (!isObject(body)) throw refuse.badRequest('The request body must be a JSON object');
    const { author, commentary, visibility, distribution, lifecycleState } = body;
    if (typeof author !== 'string') throw required('/author');
    if (!['urn:li:person:', 'urn:li:organization:'].some((prefix) => author.startsWith(prefix) && /^[\w-]+$/.test(author.slice(prefix.length))))
      throw refuse.field('/author', `"${author}" is not a person or organization urn`);
    state.requireActor(token, author, ['w_member_social'], ['w_organization_social'], 'partnerApiPostsExternal.CREATE');
    if (commentary !== undefined && typeof commentary !== 'string') throw refuse.field('/commentary', 'is not a string');
    if ((commentary ?? '').length > MAX_COMMENTARY) throw refuse.field('/commentary', `is longer than ${MAX_COMMENTARY} characters`);
    if (typeof visibility !== 'string') throw required('/visibility');
    if (!VISIBILITIES.includes(visibility)) throw refuse.field('/visibility', `"${visibility}" is not an enum symbol`);
    if (!isObject(distribution)) throw required('/distribution');
    if (typeof distribution.feedDistribution !== 'string') throw required('/distribution/feedDistribution');
    if (!FEEDS.includes(distribution.feedDistribution))
      throw refuse.field('/distribution/feedDistribution', `"${distribution.feedDistribution}" is not an enum symbol`);
    if (typeof lifecycleState !== 'string') throw required('/lifecycleState');
    if (lifecycleState !== 'PUBLISHED') throw refuse.field('/lifecycleState', `"${lifecycleState}" is not allowed when creating a post; use PUBLISHED`);
    const content = contentOf(body, author);
    const text = commentary ?? '';
    if (text === '' && content === undefined) throw required('/commentary');
    const same = state.posts.find((post) => post.author === author && post.commentary === text && JSON.stringify(post.content) === JSON.stringify(content));
    if (same) throw refuse.duplicate(same.id);
    const at = state.now().getTime();
    const id = `urn:li:share:${state.newId()}`;
    const post: StoredPost = {
      id,
      author,
      commentary: text,
      visibility,
      distribution,
      lifecycleState,
      isReshareDisabledByAuthor: body.isReshareDisabledByAuthor === true,
      ...(content ? { content } : {}),
      createdAt: at,
      publishedAt: at,
      lastModifiedAt: at,
    };
    state.posts.push(post);
    const urns = mediaUrns(content);
    state.published.push({
      id,
      author,
      commentary: text,
      media: urns.map((urn) => ({ kind: media.kindOf(urn) ?? 'image', urn })),
      ...(isObject(content?.article) ? { article: String(content.article.source) } : {}),
      createdAt: new Date(at),
    });
    return { status: 201, headers: { 'x-restli-id': id, 'x-linkedin-id': id } };
  };

  const readScopes = (token: ReturnType<LinkedInState['check']>, author: string) =>
    state.requireActor(token, author, ['r_member_social'], ['r_organization_social'], 'partnerApiPostsExternal.GET');

  const view = (post: StoredPost) => ({ ...post, lifecycleStateInfo: { isEditedByAuthor: false } });

  const byAuthor = (call: Call): Reply => {
    const token = state.check(call.headers.authorization);
    if (call.params.q !== 'author') throw refuse.badRequest('Unsupported finder: use q=author');
    const author = call.params.author;
    if (!author) throw refuse.badRequest('The author parameter is required for q=author');
    readScopes(token, author);
    const start = Number(call.params.start ?? 0);
    const count = Math.min(Number(call.params.count ?? 10), 100);
    const mine = state.posts.filter((post) => post.author === author).reverse();
    return ok({ paging: { start, count, links: [], total: mine.length }, elements: mine.slice(start, start + count).map(view) });
  };

  const one = (call: Call, urn: string): Reply => {
    const token = state.check(call.headers.authorization);
    const post = state.posts.find((candidate) => candidate.id === urn);
    if (!post) throw refuse.notFound(urn);
    readScopes(token, post.author);
    return ok(view(post));
  };

  const organizationAcls = (call: Call): Reply => {
    const token = state.check(call.headers.authorization);
    if (call.params.q !== 'roleAssignee') throw refuse.badRequest('Unsupported finder: use q=roleAssignee');
    state.requireScope(token, ['r_organization_admin', 'rw_organization_admin'], 'organizationAcls.FINDER-roleAssignee');
    const elements = state.roles
      .filter((role) => !call.params.role || call.params.role === role)
      .filter(() => !call.params.state || call.params.state === 'APPROVED')
      .map((role) => ({ roleAssignee: PERSON_URN, state: 'APPROVED', role, organization: ORGANIZATION_URN }));
    return ok({ paging: { start: 0, count: 10, links: [], total: elements.length }, elements });
  };

  const organization = (call: Call, id: string): Reply => {
    const token = state.check(call.headers.authorization);
    state.requireScope(token, ['rw_organization_admin'], 'organizations.GET');
    const { organization: page } = LINKEDIN_ACCOUNTS;
    if (id !== page.id) throw refuse.notFound(`urn:li:organization:${id}`);
    return ok({
      id: Number(page.id),
      localizedName: page.name,
      vanityName: 'bright-smile-dental',
      name: { localized: { en_US: page.name }, preferredLocale: { country: 'US', language: 'en' } },
    });
  };

  return { create, byAuthor, one, organizationAcls, organization };
}

function mediaUrns(content: Json | undefined): string[] {
  if (!content) return [];
  if (isObject(content.media) && typeof content.media.id === 'string') return [content.media.id];
  if (isObject(content.multiImage) && Array.isArray(content.multiImage.images))
    return content.multiImage.images.map((image) => (isObject(image) ? String(image.id) : ''));
  return [];
}
