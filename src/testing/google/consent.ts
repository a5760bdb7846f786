import { createConsentForm, escapeHtml as escape } from '../stand-in/consent-page';
import type { Call, Reply } from './call';
import type { AuthorizationCode, GoogleState } from './google-state';

/**
 * Google's authorization endpoint, `/o/oauth2/v2/auth` on accounts.google.com (identity/protocols/oauth2/
 * web-server, "Step 1" and "Step 2"): client_id, redirect_uri, response_type=code and scope are required;
 * state, access_type (online|offline), prompt (none|consent|select_account, space-delimited),
 * include_granted_scopes, login_hint, code_challenge and code_challenge_method (S256 or plain, plain when
 * absent) are optional; access_type defaults to online.
 * It shows a consent page with Allow and Cancel. Allow redirects to redirect_uri with `code`, `scope` and
 * `state`; Cancel with `error=access_denied` and `state` ("Handle the OAuth 2.0 server response").
 * A wrong client (Error 401: invalid_client), a redirect_uri the client does not list (Error 400:
 * redirect_uri_mismatch) or a malformed request (Error 400: invalid_request) is shown as an error page and
 * never redirected to ("Authorization errors").
 * A refresh token comes with the first offline grant; a later one gets another only with prompt=consent
 * ("Refresh an access token (offline access)"). Google skips its screen for scopes already granted unless
 * prompt=consent; the stand-in always shows it, so a browser test can click it.
 */
interface PendingConsent {
  redirectUri: string;
  state: string | undefined;
  scopes: string[];
  offline: boolean;
  promptConsent: boolean;
  codeChallenge?: AuthorizationCode['codeChallenge'];
}

export interface ConsentChoice {
  /** The person presses Cancel. */
  deny?: boolean;
  /** Scopes the person unticks (granular consent). */
  decline?: string[];
}

const errorPage = (status: number, error: string, detail: string): Reply => ({
  status,
  html: `<!doctype html><title>Error ${status}: ${error}</title><h1>Access blocked: This app’s request is invalid</h1><p id="error">Error ${status}: ${error}</p><p>${escape(detail)}</p>`,
});

export function createConsent(state: GoogleState) {
  let refreshTokenGiven = false;

  const validate = (params: Record<string, string>): PendingConsent | Reply => {
    if (params.client_id !== state.client.id) return errorPage(401, 'invalid_client', 'The OAuth client was not found.');
    const redirectUri = params.redirect_uri ?? '';
    if (!state.client.redirectUris.includes(redirectUri))
      return errorPage(
        400,
        'redirect_uri_mismatch',
        `You can't sign in to this app because it doesn't comply with Google's OAuth 2.0 policy. redirect_uri=${redirectUri}`,
      );
    if (params.response_type !== 'code') return errorPage(400, 'invalid_request', 'Required parameter is missing or invalid: response_type');
    const scopes = (params.scope ?? '').split(' ').filter(Boolean);
    if (scopes.length === 0) return errorPage(400, 'invalid_request', 'Missing required parameter: scope');
    if (params.access_type !== undefined && !['online', 'offline'].includes(params.access_type))
      return errorPage(400, 'invalid_request', `Invalid access_type: ${params.access_type}`);
    const method = params.code_challenge_method ?? 'plain';
    if (params.code_challenge !== undefined && method !== 'plain' && method !== 'S256')
      return errorPage(400, 'invalid_request', 'Invalid code_challenge_method: must be plain or S256.');
    if (params.code_challenge !== undefined && !/^[A-Za-z0-9._~-]{43,128}$/.test(params.code_challenge))
      return errorPage(400, 'invalid_request', 'Invalid code_challenge.');
    return {
      redirectUri,
      state: params.state,
      scopes,
      offline: params.access_type === 'offline',
      promptConsent: (params.prompt ?? '').split(' ').includes('consent'),
      ...(params.code_challenge === undefined ? {} : { codeChallenge: { value: params.code_challenge, method: method as 'plain' | 'S256' } }),
    };
  };

  const decide = (consent: PendingConsent, choice: ConsentChoice): string => {
    const target = new URL(consent.redirectUri);
    const scopes = consent.scopes.filter((scope) => !(choice.decline ?? []).includes(scope));
    if (choice.deny || scopes.length === 0) target.searchParams.set('error', 'access_denied');
    else {
      const offline = consent.offline && (consent.promptConsent || !refreshTokenGiven);
      if (offline) refreshTokenGiven = true;
      const { codeChallenge } = consent;
      target.searchParams.set('code', state.newCode({ redirectUri: consent.redirectUri, scopes, offline, ...(codeChallenge ? { codeChallenge } : {}) }));
      target.searchParams.set('scope', scopes.join(' '));
    }
    if (consent.state !== undefined) target.searchParams.set('state', consent.state);
    return target.toString();
  };

  const form = createConsentForm(decide);
  /** GET /o/oauth2/v2/auth: the consent page, or the error page. */
  const page = (call: Call): Reply =>
    form.page(validate(call.params), {
      title: 'Sign in - Google Accounts',
      heading: 'Bench planner wants access to your Google Account',
      action: '/o/oauth2/v2/auth/submit',
    });

  /** The consent form's POST: redirects as the person chose. */
  const submit = (call: Call): Reply =>
    form.submit(call.params, () => errorPage(400, 'invalid_request', 'This sign-in request has expired. Please try again.'));

  return {
    page,
    submit,
    /** Clicking Allow (or Cancel) on the page of `url`, for tests without a browser: the redirect location. */
    approve: (url: string, choice: ConsentChoice = {}): string => form.approve(url, validate, choice, "Google's authorization page"),
  };
}
