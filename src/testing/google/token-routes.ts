import { createHash } from 'node:crypto';
import { ok, type Call, type Reply } from './call';
import { OAuthError } from './google-errors';
import { ACCESS_TOKEN_SECONDS, type AccessToken, type GoogleState } from './google-state';

/**
 * oauth2.googleapis.com (identity/protocols/oauth2/web-server):
 * - POST /token, grant_type=authorization_code with code, client_id, client_secret, redirect_uri and the
 *   code_verifier when the authorization had a code_challenge: `{ access_token, expires_in: 3599, scope,
 *   token_type: "Bearer", refresh_token }` (refresh_token only for an offline grant) ("Step 5");
 * - POST /token, grant_type=refresh_token with client_id, client_secret, refresh_token: the same without a
 *   refresh_token ("Refreshing an access token");
 * - POST /revoke with token= (an access or a refresh token; either revokes the grant): 200, or 400
 *   `invalid_token` ("Revoking a token").
 * The refusals carry RFC 6749's `{ error, error_description }`: invalid_request, invalid_client (401),
 * invalid_grant (a used, expired or unknown code, a wrong or missing PKCE verifier, a revoked refresh
 * token: "Token has been expired or revoked."), redirect_uri_mismatch, unsupported_grant_type. The
 * descriptions are those Google is commonly seen to send; the docs name only the codes.
 * The client may authenticate in the body or with HTTP Basic.
 */
const s256 = (verifier: string) => createHash('sha256').update(verifier).digest('base64url');

function clientOf(call: Call): { id?: string; secret?: string } {
  const [scheme = '', value = ''] = (call.headers.authorization ?? '').split(' ');
  if (scheme.toLowerCase() === 'basic') {
    const [id, secret] = Buffer.from(value, 'base64').toString('utf8').split(':');
    return { id: decodeURIComponent(id ?? ''), secret: decodeURIComponent(secret ?? '') };
  }
  return { id: call.params.client_id, secret: call.params.client_secret };
}

export function createTokenRoutes(state: GoogleState) {
  const answer = (access: AccessToken, refresh?: string): Reply =>
    ok({
      access_token: access.value,
      expires_in: ACCESS_TOKEN_SECONDS,
      scope: access.grant.scopes.join(' '),
      token_type: 'Bearer',
      ...(refresh ? { refresh_token: refresh } : {}),
    });

  const token = (call: Call): Reply => {
    if (call.method !== 'POST') throw new OAuthError('invalid_request', 'Method not allowed: use POST.', 405);
    const { params } = call;
    if (!params.grant_type) throw new OAuthError('unsupported_grant_type', 'Invalid grant_type: ');
    const client = clientOf(call);
    if (!client.id) throw new OAuthError('invalid_request', 'Could not determine client ID from request.');
    state.checkClient(client.id, client.secret);
    if (params.grant_type === 'refresh_token') {
      if (!params.refresh_token) throw new OAuthError('invalid_request', 'Missing required parameter: refresh_token');
      return answer(state.refresh(params.refresh_token));
    }
    if (params.grant_type !== 'authorization_code') throw new OAuthError('unsupported_grant_type', `Invalid grant_type: ${params.grant_type}`);
    if (!params.code) throw new OAuthError('invalid_request', 'Missing required parameter: code');
    const code = state.takeCode(params.code, params.redirect_uri);
    if (code.codeChallenge) {
      const verifier = params.code_verifier;
      if (!verifier) throw new OAuthError('invalid_grant', 'Missing code verifier.');
      const derived = code.codeChallenge.method === 'S256' ? s256(verifier) : verifier;
      if (derived !== code.codeChallenge.value) throw new OAuthError('invalid_grant', 'Invalid code verifier.');
    }
    const { access, refresh } = state.issue(code.scopes, code.offline);
    return answer(access, refresh);
  };

  const revoke = (call: Call): Reply => {
    if (call.method !== 'POST') throw new OAuthError('invalid_request', 'Method not allowed: use POST.', 405);
    if (!state.revokeToken(call.params.token)) throw new OAuthError('invalid_token', 'Token expired or revoked');
    return ok({});
  };

  return { token, revoke };
}
