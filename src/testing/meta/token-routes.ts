import { createHash } from 'node:crypto';
import { accessToken, fieldsOf, ok, pick, subfieldsOf, type Call, type Reply } from './call';
import { GraphError, refuse } from './graph-errors';
import { LONG_LIVED_SECONDS, META_ACCOUNTS, PAGE_TASKS, SHORT_LIVED_SECONDS, type IssuedToken, type MetaApp, type MetaState } from './meta-state';

/**
 * Tokens, written from:
 * - facebook-login/guides/advanced/manual-flow (code exchange at /{version}/oauth/access_token with client_id,
 *   redirect_uri, client_secret, code) and guides/advanced/oidc-token (PKCE: code_challenge, code_verifier);
 * - facebook-login/guides/access-tokens/get-long-lived (grant_type=fb_exchange_token, `expires_in: 5183944`;
 *   a Page token made from a long-lived user token has no expiry);
 * - graph-api/reference/debug_token; graph-api/reference/user/accounts (Pages, their tokens, `tasks`), with
 *   field expansion (graph-api/guides/field-expansion: `instagram_business_account{id,username}`);
 * - threads/get-started/get-access-tokens-and-permissions (POST /oauth/access_token answers access_token and
 *   user_id) and threads/get-started/long-lived-tokens (th_exchange_token; th_refresh_token for a long-lived
 *   token at least 24 hours old and unexpired).
 */
const expiresIn = (token: IssuedToken, now: Date) => (token.expiresAt === null ? undefined : Math.round((token.expiresAt - now.getTime()) / 1000));
const base64url = (text: string) => createHash('sha256').update(text).digest('base64url');

export function createTokenRoutes(state: MetaState) {
  const userToken = (app: MetaApp, scopes: string[], longLived: boolean) =>
    state.issue(app, { kind: 'user', scopes, longLived, expiresAt: state.now().getTime() + (longLived ? LONG_LIVED_SECONDS : SHORT_LIVED_SECONDS) * 1000 });

  const answer = (token: IssuedToken, extra: Record<string, unknown> = {}) =>
    ok({ access_token: token.value, token_type: 'bearer', ...(token.expiresAt === null ? {} : { expires_in: expiresIn(token, state.now()) }), ...extra });

  /** GET or POST /{version}/oauth/access_token on graph.facebook.com. */
  const facebookToken = (call: Call): Reply => {
    const { params } = call;
    state.checkClient('facebook', params.client_id, params.client_secret);
    if (params.grant_type === 'client_credentials')
      return ok({ access_token: `${state.apps.facebook.id}|${state.apps.facebook.secret}`, token_type: 'bearer' });
    if (params.grant_type === 'fb_exchange_token') {
      const short = state.check(params.fb_exchange_token, 'facebook');
      if (short.kind !== 'user') throw refuse.param('Invalid fb_exchange_token: a user access token is required.');
      return answer(userToken('facebook', short.scopes, true));
    }
    const code = state.takeCode(params.code, 'facebook', params.redirect_uri);
    if (code.codeChallenge !== undefined && (!params.code_verifier || base64url(params.code_verifier) !== code.codeChallenge))
      throw refuse.param('Invalid code_verifier: it does not match the code_challenge of the authorization request.');
    return answer(userToken('facebook', code.scopes, false));
  };

  /** GET /{version}/debug_token: needs an app token (`app-id|app-secret`) or a valid user token of the app. */
  const debugToken = (call: Call): Reply => {
    const caller = accessToken(call);
    const app = state.apps.facebook;
    if (caller !== `${app.id}|${app.secret}`) state.check(caller, 'facebook');
    const input = call.params.input_token;
    if (!input) throw refuse.param('The parameter input_token is required');
    const token = state.tokens.get(input);
    if (!token || token.app !== 'facebook') return ok({ data: { is_valid: false, error: { code: 190, message: 'Invalid OAuth access token.' }, scopes: [] } });
    let error: { code: number; message: string; subcode?: number } | undefined;
    try {
      state.check(input, 'facebook');
    } catch (refusal) {
      if (!(refusal instanceof GraphError)) throw refusal;
      error = { code: refusal.code, message: refusal.message, ...(refusal.details.subcode === undefined ? {} : { subcode: refusal.details.subcode }) };
    }
    return ok({
      data: {
        app_id: app.id,
        type: token.kind === 'page' ? 'PAGE' : 'USER',
        application: 'Bench planner',
        data_access_expires_at: Math.round(token.issuedAt / 1000) + 90 * 86_400,
        expires_at: token.expiresAt === null ? 0 : Math.round(token.expiresAt / 1000),
        is_valid: error === undefined,
        issued_at: Math.round(token.issuedAt / 1000),
        scopes: token.scopes,
        granular_scopes: token.scopes.map((scope) => ({ scope })),
        user_id: META_ACCOUNTS.user.id,
        ...(token.kind === 'page' ? { profile_id: token.pageId } : {}),
        ...(error ? { error } : {}),
      },
    });
  };

  /** GET /me/accounts: the Pages the person manages, each with its Page token; none without pages_show_list. */
  const accounts = (call: Call): Reply => {
    const user = state.check(accessToken(call), 'facebook');
    if (user.kind !== 'user') throw refuse.unsupported('GET', 'accounts');
    if (!user.scopes.includes('pages_show_list')) return ok({ data: [] });
    const pageToken = state.issue('facebook', {
      kind: 'page',
      pageId: META_ACCOUNTS.page.id,
      scopes: user.scopes,
      longLived: user.longLived,
      expiresAt: user.longLived ? null : user.expiresAt,
    });
    const { page, instagram } = META_ACCOUNTS;
    const fields = fieldsOf(call, ['access_token', 'category', 'category_list', 'name', 'tasks']);
    const full = {
      access_token: pageToken.value,
      category: page.category,
      category_list: [{ id: '2500', name: page.category }],
      name: page.name,
      id: page.id,
      tasks: PAGE_TASKS,
      instagram_business_account: pick({ id: instagram.id, username: instagram.username }, subfieldsOf(call, 'instagram_business_account') ?? []),
    };
    return ok({ data: [pick(full, fields)], paging: { cursors: { before: 'QVFIUmFjAA', after: 'QVFIUmFjAA' } } });
  };

  const me = (call: Call): Reply => {
    const token = state.check(accessToken(call), 'facebook');
    if (token.kind === 'page') return ok({ id: META_ACCOUNTS.page.id, name: META_ACCOUNTS.page.name });
    return ok(pick({ id: META_ACCOUNTS.user.id, name: META_ACCOUNTS.user.name }, fieldsOf(call, ['name'])));
  };

  /** POST /oauth/access_token on graph.threads.net: `{ access_token, user_id }`. */
  const threadsToken = (call: Call): Reply => {
    if (call.method !== 'POST') throw refuse.unsupported(call.method, 'oauth/access_token');
    const { params } = call;
    state.checkClient('threads', params.client_id, params.client_secret);
    if (params.grant_type !== 'authorization_code') throw refuse.param('Invalid grant_type: authorization_code is required.');
    const code = state.takeCode(params.code, 'threads', params.redirect_uri);
    const token = userToken('threads', code.scopes, false);
    return ok({ access_token: token.value, user_id: Number(META_ACCOUNTS.threads.id) });
  };

  /** GET /access_token?grant_type=th_exchange_token&client_secret&access_token. */
  const threadsExchange = (call: Call): Reply => {
    if (call.params.grant_type !== 'th_exchange_token') throw refuse.param('Invalid grant_type: th_exchange_token is required.');
    state.checkClient('threads', undefined, call.params.client_secret);
    const short = state.check(call.params.access_token, 'threads');
    return answer(userToken('threads', short.scopes, true));
  };

  /** GET /refresh_access_token?grant_type=th_refresh_token&access_token: long-lived, 24 hours old, unexpired. */
  const threadsRefresh = (call: Call): Reply => {
    if (call.params.grant_type !== 'th_refresh_token') throw refuse.param('Invalid grant_type: th_refresh_token is required.');
    const token = state.check(call.params.access_token, 'threads');
    if (!token.longLived) throw refuse.param('Only long-lived access tokens can be refreshed.');
    if (state.now().getTime() - token.issuedAt < 86_400_000) throw refuse.param('The access token must be at least 24 hours old to be refreshed.');
    state.requireScopes(token, ['threads_basic']);
    return answer(userToken('threads', token.scopes, true));
  };

  return { facebookToken, debugToken, accounts, me, threadsToken, threadsExchange, threadsRefresh };
}
