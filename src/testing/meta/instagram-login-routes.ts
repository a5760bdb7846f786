import { accessToken, fieldsOf, ok, pick, type Call, type Reply } from './call';
import type { Containers } from './containers';
import { GraphError, refuse } from './graph-errors';
import { createInstagramRoutes } from './instagram-routes';
import { LONG_LIVED_SECONDS, META_ACCOUNTS, type IssuedToken, type MetaState } from './meta-state';

/**
 * The Instagram API with Instagram Login ("Business Login for Instagram"): no Facebook Page, the
 * professional account's own token. Three hosts: the authorization window on www.instagram.com (dialog.ts),
 * the code exchange on api.instagram.com, everything else on graph.instagram.com. Written from:
 * - https://developers.facebook.com/docs/instagram-platform/instagram-api-with-instagram-login/business-login
 *   (scopes instagram_business_basic, instagram_business_content_publish; the code is good "for 1 hour and
 *   can only be used once"; POST api.instagram.com/oauth/access_token with client_id, client_secret,
 *   grant_type=authorization_code, redirect_uri, code answers `{ data: [{ access_token, user_id,
 *   permissions }] }`, user_id being the Instagram-scoped user id and permissions a comma-separated list; a
 *   refusal is `{ error_type: "OAuthException", code: 400, error_message: "Matching code was not found or
 *   was already used" }`; no PKCE is documented);
 * - https://developers.facebook.com/docs/instagram-platform/reference/oauth-authorize and
 *   .../reference/oauth-access-token (whose sample answer is `{ access_token, user_id }` unwrapped, user_id a
 *   number, no permissions: the stand-in answers the business-login guide's wrapped shape unless a test
 *   asks for this one, `setExchangeShape('reference')`, since clients should read both);
 * - https://developers.facebook.com/docs/instagram-platform/reference/access_token (GET
 *   graph.instagram.com/access_token?grant_type=ig_exchange_token&client_secret&access_token: an unexpired
 *   short-lived token for `{ access_token, token_type: "bearer", expires_in: 5183944 }`, 60 days);
 * - https://developers.facebook.com/docs/instagram-platform/reference/refresh_access_token (GET
 *   /refresh_access_token?grant_type=ig_refresh_token&access_token: a long-lived token "at least 24 hours
 *   old but has not expired", instagram_business_basic; the same answer, 60 days from the refresh);
 * - https://developers.facebook.com/docs/instagram-platform/reference/me and
 *   .../instagram-api-with-instagram-login/get-started (GET /{version}/me?fields=user_id,username: `user_id`
 *   is the professional account's id that publishing takes, `id` the app-scoped one);
 * - https://developers.facebook.com/docs/instagram-platform/content-publishing (host graph.instagram.com,
 *   /{ig-id}/media, /{ig-id}/media_publish, /{container-id}?fields=status_code, /{ig-id}/content_publishing_limit;
 *   the containers and published posts are those of instagram-routes.ts).
 * Errors on graph.instagram.com take Graph's shape (an expired or revoked token is 190). The token
 * endpoints are unversioned in every sample; the rest takes a listed version or none.
 */
const MATCHING_CODE = 'Matching code was not found or was already used';

/** api.instagram.com's refusal: not Graph's error object but the business-login guide's flat one. */
const oauthRefusal = (message: string): Reply => ({ status: 400, json: { error_type: 'OAuthException', code: 400, error_message: message } });

/** Which documented page's answer the code exchange gives. */
export type ExchangeShape = 'business-login' | 'reference';

export function createInstagramLoginRoutes(state: MetaState, containers: Containers) {
  let shape: ExchangeShape = 'business-login';
  const publishing = createInstagramRoutes(state, containers, 'instagram');
  const longLived = (scopes: string[]) =>
    state.issue('instagram', { kind: 'user', scopes, longLived: true, expiresAt: state.now().getTime() + LONG_LIVED_SECONDS * 1000 });
  const answer = (token: IssuedToken) => ok({ access_token: token.value, token_type: 'bearer', expires_in: LONG_LIVED_SECONDS });

  /** POST api.instagram.com/oauth/access_token: a wrong secret leaves the code unspent; a used or unknown one is the documented refusal. */
  const exchangeCode = (call: Call): Reply => {
    if (call.method !== 'POST') return oauthRefusal('Unsupported request: use POST.');
    const { params } = call;
    try {
      state.checkClient('instagram', params.client_id, params.client_secret);
    } catch (error) {
      if (!(error instanceof GraphError)) throw error;
      return oauthRefusal(error.message);
    }
    if (params.grant_type !== 'authorization_code') return oauthRefusal('Invalid grant_type: authorization_code is required.');
    let scopes: string[];
    try {
      scopes = state.takeCode(params.code, 'instagram', params.redirect_uri).scopes;
    } catch (error) {
      if (!(error instanceof GraphError)) throw error;
      // 36007 expired, 36008 another redirect_uri keep their words; unknown and used codes are the documented refusal.
      const subcode = error.details.subcode;
      return oauthRefusal(subcode === 36007 || subcode === 36008 ? error.message : MATCHING_CODE);
    }
    const token = state.issue('instagram', { kind: 'user', scopes, longLived: false, expiresAt: state.now().getTime() + 3600_000 });
    const userId = META_ACCOUNTS.instagram.scopedId;
    if (shape === 'reference') return ok({ access_token: token.value, user_id: Number(userId) });
    return ok({ data: [{ access_token: token.value, user_id: userId, permissions: scopes.join(',') }] });
  };

  /** GET graph.instagram.com/access_token?grant_type=ig_exchange_token&client_secret&access_token. */
  const exchange = (call: Call): Reply => {
    if (call.params.grant_type !== 'ig_exchange_token') throw refuse.param('Invalid grant_type: ig_exchange_token is required.');
    state.checkClient('instagram', undefined, call.params.client_secret);
    return answer(longLived(state.check(call.params.access_token, 'instagram').scopes));
  };

  /** GET graph.instagram.com/refresh_access_token?grant_type=ig_refresh_token&access_token. */
  const refresh = (call: Call): Reply => {
    if (call.params.grant_type !== 'ig_refresh_token') throw refuse.param('Invalid grant_type: ig_refresh_token is required.');
    const token = state.check(call.params.access_token, 'instagram');
    if (!token.longLived) throw refuse.param('Only long-lived access tokens can be refreshed.');
    if (state.now().getTime() - token.issuedAt < 86_400_000) throw refuse.param('The access token must be at least 24 hours old to be refreshed.');
    state.requireScopes(token, ['instagram_business_basic']);
    return answer(longLived(token.scopes));
  };

  /** GET /me: the app-scoped `id`, and the asked-for `user_id` (the professional account) and `username`. */
  const me = (call: Call): Reply => {
    const token = state.check(accessToken(call), 'instagram');
    state.requireScopes(token, ['instagram_business_basic']);
    const { instagram } = META_ACCOUNTS;
    return ok(pick({ id: instagram.scopedId, user_id: instagram.id, username: instagram.username }, fieldsOf(call, ['id'])));
  };

  /** graph.instagram.com, the path without its version. */
  const graph = async (call: Call): Promise<Reply> => {
    const [id = '', edge, ...more] = call.path.split('/').slice(1);
    const { method } = call;
    if (more.length > 0) throw refuse.unsupported(method, call.path);
    if (id === 'access_token' && !edge && method === 'GET') return exchange(call);
    if (id === 'refresh_access_token' && !edge && method === 'GET') return refresh(call);
    if (id === 'me' && !edge && method === 'GET') return me(call);
    if (id === META_ACCOUNTS.instagram.id) {
      if (edge === 'media' && method === 'POST') return publishing.createMedia(call, id);
      if (edge === 'media' && method === 'GET') return publishing.readMedia(call, id);
      if (edge === 'media_publish' && method === 'POST') return publishing.publish(call, id);
      if (edge === 'content_publishing_limit' && method === 'GET') return publishing.limit(call, id);
      if (!edge && method === 'GET') return publishing.account(call, id);
    }
    if (!edge && method === 'GET') {
      const container = publishing.readContainer(call, id);
      if (container) return container;
    }
    throw refuse.unsupported(method, id);
  };

  return { exchangeCode, graph, setExchangeShape: (next: ExchangeShape) => void (shape = next) };
}
