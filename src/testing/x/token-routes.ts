import { createHash } from 'node:crypto';
import type { XCall, XReply } from './x-call';
import { oauthError } from './x-errors';
import { ACCESS_SECONDS, type XState, type XToken } from './x-state';

/**
 * POST /2/oauth2/token and POST /2/oauth2/revoke on api.x.com (docs.x.com/fundamentals/authentication/
 * oauth-2-0/user-access-token steps 3 to 5, and .../oauth-2-0/authorization-code "Refresh tokens" and
 * "Confidential clients"). A confidential client authenticates with HTTP Basic (client id and secret);
 * without it, or with a wrong secret, the endpoint answers 401 `unauthorized_client` (the wording is
 * what developers report on the X developer forum; the docs show no refusal). The answer carries
 * token_type, expires_in (7200), access_token, scope and, with offline.access, refresh_token.
 * Refresh tokens rotate: a refresh answers a new refresh token and the one used stops working; a used,
 * revoked or unknown refresh token, a used or expired code, a redirect_uri other than the authorize
 * request's, and a code_verifier that does not match the challenge are refused with 400
 * `invalid_request` (the docs name no other code for them).
 */
const answer = (access: XToken, refresh: XToken | undefined) => ({
  status: 200,
  json: {
    token_type: 'bearer',
    expires_in: ACCESS_SECONDS,
    access_token: access.value,
    scope: access.scopes.join(' '),
    ...(refresh ? { refresh_token: refresh.value } : {}),
  },
});

export function createTokenRoutes(state: XState) {
  /** Basic authentication of the confidential client; a client_id in the body must be the same one. */
  const authenticate = (call: XCall) => {
    const [scheme = '', encoded = ''] = (call.headers.authorization ?? '').split(' ');
    const decoded = scheme.toLowerCase() === 'basic' ? Buffer.from(encoded, 'base64').toString('utf8') : '';
    const colon = decoded.indexOf(':');
    const [id, secret] = colon < 0 ? ['', ''] : [decodeURIComponent(decoded.slice(0, colon)), decodeURIComponent(decoded.slice(colon + 1))];
    if (id !== state.client.id || secret !== state.client.secret) throw oauthError(401, 'unauthorized_client', 'Missing valid authorization header');
    if (call.form.client_id !== undefined && call.form.client_id !== state.client.id)
      throw oauthError(401, 'unauthorized_client', 'Missing valid authorization header');
  };

  const exchangeCode = (call: XCall): XReply => {
    const { code: value = '', redirect_uri: redirectUri, code_verifier: verifier } = call.form;
    const code = state.codes.get(value);
    if (!code || code.expiresAt <= state.now().getTime()) throw oauthError(400, 'invalid_request', 'Value passed for the authorization code was invalid.');
    // A code is spent by its first exchange, right or wrong, as RFC 6749 4.1.2 asks.
    state.codes.delete(value);
    if (redirectUri !== code.redirectUri)
      throw oauthError(400, 'invalid_request', 'Value passed for the redirect uri did not match the uri of the authorization code.');
    const expected =
      code.method === 'S256'
        ? createHash('sha256')
            .update(verifier ?? '')
            .digest('base64url')
        : verifier;
    if (!verifier || expected !== code.challenge)
      throw oauthError(400, 'invalid_request', 'Value passed for the code verifier did not match the code challenge.');
    const { access, refresh } = state.grantPair(code.scopes);
    return answer(access, refresh);
  };

  const refresh = (call: XCall): XReply => {
    const old = state.tokens.get(call.form.refresh_token ?? '');
    if (!old || old.kind !== 'refresh' || old.spent) throw oauthError(400, 'invalid_request', 'Value passed for the token was invalid.');
    old.spent = 'used';
    const pair = state.grantPair(old.scopes);
    return answer(pair.access, pair.refresh);
  };

  const token = (call: XCall): XReply => {
    if (call.method !== 'POST') throw oauthError(405, 'invalid_request', 'Method not allowed.');
    authenticate(call);
    if (call.form.grant_type === 'authorization_code') return exchangeCode(call);
    if (call.form.grant_type === 'refresh_token') return refresh(call);
    throw oauthError(400, 'unsupported_grant_type', 'Value passed for the grant type was invalid.');
  };

  /** Revoke one token (access or refresh, `token_type_hint` optional): answers `{ revoked: true }`. */
  const revoke = (call: XCall): XReply => {
    if (call.method !== 'POST') throw oauthError(405, 'invalid_request', 'Method not allowed.');
    authenticate(call);
    if (!call.form.token) throw oauthError(400, 'invalid_request', 'Missing required parameter [token].');
    const found = state.tokens.get(call.form.token);
    if (found) found.spent ??= 'revoked';
    return { status: 200, json: { revoked: true } };
  };

  return { token, revoke };
}
