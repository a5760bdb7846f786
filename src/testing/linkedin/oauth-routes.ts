import { createHash } from 'node:crypto';
import { createConsentForm, escapeHtml as escape } from '../stand-in/consent-page';
import { ok, type Call, type Reply } from './call';
import { OAuthError, refuse } from './linkedin-errors';
import { ACCESS_TOKEN_SECONDS, LINKEDIN_ACCOUNTS, REFRESH_TOKEN_SECONDS, type IssuedToken, type LinkedInState } from './linkedin-state';

/**
 * Sign In with LinkedIn and the 3-legged flow (shared/authentication/authorization-code-flow,
 * consumer/integrations/self-serve/sign-in-with-linkedin-v2):
 * - GET /oauth/v2/authorization (response_type=code, client_id, redirect_uri, state, scope space-delimited)
 *   shows the consent page; the member allows all the scopes or none ("may not select individual scopes").
 *   Allow redirects with `code` and `state`; Cancel with error=user_cancelled_authorize. A scope the app's
 *   products do not grant redirects with error=unauthorized_scope_error. A wrong client_id or a redirect_uri
 *   not listed is an error page, never a redirect.
 * - POST /oauth/v2/accessToken (form: grant_type=authorization_code, code, client_id, client_secret,
 *   redirect_uri) answers access_token, expires_in (60 days) and scope; refresh_token and
 *   refresh_token_expires_in only when the app is an approved partner (refresh tokens: the refresh keeps
 *   the refresh token's first expiry). PKCE (code_challenge S256 / code_verifier) is honoured when the
 *   authorization asked for it: the flow page's error names "code verifier does not match".
 * - GET /v2/userinfo on api.linkedin.com: sub, name, given_name, family_name, picture, locale, and email
 *   with the email scope; needs openid and profile.
 * No id_token is issued (it would need LinkedIn's signing keys); a client must read /v2/userinfo.
 */
interface PendingConsent {
  redirectUri: string;
  state: string | undefined;
  scopes: string[];
  codeChallenge?: string;
}

export interface ConsentChoice {
  /** The member presses Cancel. */
  deny?: boolean;
}

const errorPage = (message: string): Reply => ({
  status: 400,
  html: `<!doctype html><title>LinkedIn</title><h1>Bummer, something went wrong.</h1><p id="error">${escape(message)}</p>`,
});
const invalidCode = () =>
  new OAuthError(
    400,
    'invalid_request',
    'Unable to retrieve access token: appid/redirect uri/code verifier does not match authorization code. Or authorization code expired. Or external member binding exists',
  );

export function createOAuthRoutes(state: LinkedInState) {
  const { app } = state;

  /** The consent the request asks for, a redirect with an OAuth error, or the error page. */
  const validate = (params: Record<string, string>): PendingConsent | Reply => {
    if (params.client_id !== app.clientId) return errorPage('The passed in client_id is invalid');
    const redirectUri = params.redirect_uri ?? '';
    if (!app.redirectUris.includes(redirectUri)) return errorPage('The redirect_uri does not match the registered value');
    if (params.response_type !== 'code') return errorPage('The response_type must be code');
    const scopes = (params.scope ?? '').split(/[\s,]+/).filter(Boolean);
    const unknown = scopes.find((scope) => !app.scopes.includes(scope));
    if (unknown !== undefined || scopes.length === 0) {
      const target = new URL(redirectUri);
      target.searchParams.set('error', 'unauthorized_scope_error');
      target.searchParams.set('error_description', `Scope "${unknown ?? ''}" is not authorized for your application`);
      if (params.state !== undefined) target.searchParams.set('state', params.state);
      return { status: 302, location: target.toString() };
    }
    const challenge = params.code_challenge;
    if (challenge !== undefined && params.code_challenge_method !== 'S256') return errorPage('code_challenge_method must be S256');
    return { redirectUri, state: params.state, scopes, ...(challenge === undefined ? {} : { codeChallenge: challenge }) };
  };

  const decide = (consent: PendingConsent, choice: ConsentChoice): string => {
    const target = new URL(consent.redirectUri);
    if (choice.deny) {
      target.searchParams.set('error', 'user_cancelled_authorize');
      target.searchParams.set('error_description', 'The user cancelled the authorization');
    } else {
      const { codeChallenge } = consent;
      target.searchParams.set('code', state.newCode({ redirectUri: consent.redirectUri, scopes: consent.scopes, ...(codeChallenge ? { codeChallenge } : {}) }));
    }
    if (consent.state !== undefined) target.searchParams.set('state', consent.state);
    return target.toString();
  };

  const form = createConsentForm(decide);
  const authorize = (call: Call): Reply =>
    form.page(validate(call.params), {
      title: 'LinkedIn',
      heading: 'Bench planner would like to access some of your LinkedIn info',
      action: '/oauth/v2/authorization/submit',
    });

  const submit = (call: Call): Reply => form.submit(call.params, () => errorPage('This request has expired. Please try again.'));

  const answer = (token: IssuedToken, refresh?: { value: string; expiresAt: number }) =>
    ok({
      access_token: token.value,
      expires_in: Math.round((token.expiresAt - state.now().getTime()) / 1000),
      ...(refresh ? { refresh_token: refresh.value, refresh_token_expires_in: Math.round((refresh.expiresAt - state.now().getTime()) / 1000) } : {}),
      scope: token.scopes.join(','),
      token_type: 'Bearer',
    });

  const accessToken = (call: Call): Reply => {
    if (call.method !== 'POST' || !String(call.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded'))
      throw new OAuthError(400, 'invalid_request', 'The token request must be a POST of application/x-www-form-urlencoded');
    const { params } = call;
    for (const name of ['grant_type', 'client_id', 'client_secret'])
      if (!params[name]) throw new OAuthError(400, 'invalid_request', `A required parameter "${name}" is missing`);
    if (params.client_id !== app.clientId || params.client_secret !== app.clientSecret)
      throw new OAuthError(401, 'invalid_client', 'Client authentication failed');
    if (params.grant_type === 'refresh_token') {
      const refresh = app.refreshTokens ? state.takeRefresh(params.refresh_token) : undefined;
      if (!refresh) throw new OAuthError(400, 'invalid_request', 'The provided refresh token is invalid, expired or revoked');
      return answer(state.issue(refresh.scopes), refresh);
    }
    if (params.grant_type !== 'authorization_code') throw new OAuthError(400, 'unsupported_grant_type', 'The grant_type is not supported');
    for (const name of ['code', 'redirect_uri']) if (!params[name]) throw new OAuthError(400, 'invalid_request', `A required parameter "${name}" is missing`);
    const code = state.takeCode(params.code, params.redirect_uri);
    if (!code) throw invalidCode();
    if (code.codeChallenge !== undefined) {
      const verifier = params.code_verifier ?? '';
      if (createHash('sha256').update(verifier).digest('base64url') !== code.codeChallenge) throw invalidCode();
    }
    const token = state.issue(code.scopes, ACCESS_TOKEN_SECONDS);
    return answer(token, app.refreshTokens ? state.issueRefresh(code.scopes, state.now().getTime() + REFRESH_TOKEN_SECONDS * 1000) : undefined);
  };

  const userinfo = (call: Call): Reply => {
    const token = state.check(call.headers.authorization);
    if (!token.scopes.includes('openid') || !token.scopes.includes('profile')) throw refuse.permission('/userinfo');
    const { member } = LINKEDIN_ACCOUNTS;
    return ok({
      sub: member.id,
      name: member.name,
      given_name: member.givenName,
      family_name: member.familyName,
      picture: `https://media.licdn.com/dms/image/${member.id}/profile-displayphoto-shrink_100_100/0`,
      locale: { country: 'US', language: 'en' },
      ...(token.scopes.includes('email') ? { email: member.email, email_verified: true } : {}),
    });
  };

  return {
    authorize,
    submit,
    accessToken,
    userinfo,
    /** Allow (or Cancel) on the consent page of `url` without a browser: the redirect location. */
    approve: (url: string, choice: ConsentChoice = {}): string => form.approve(url, validate, choice, 'The LinkedIn consent page'),
  };
}
