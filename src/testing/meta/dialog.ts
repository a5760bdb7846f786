import { createConsentForm, escapeHtml as escape } from '../stand-in/consent-page';
import type { Call, Reply } from './call';
import type { MetaApp, MetaState } from './meta-state';

/**
 * The consent screens: Facebook Login's dialog (`/{version}/dialog/oauth` on www.facebook.com,
 * facebook-login/guides/advanced/manual-flow), Threads' Authorization Window (`/oauth/authorize` on
 * threads.net, threads/get-started/get-access-tokens-and-permissions) and Instagram Login's authorization
 * window (`/oauth/authorize` on www.instagram.com, instagram-api-with-instagram-login/business-login and
 * instagram-platform/reference/oauth-authorize: response_type=code and a scope naming
 * instagram_business_basic required; no PKCE is documented, so a code_challenge is not kept). Each shows an
 * HTML page with an Allow and a Cancel button; Allow redirects to redirect_uri with `code` and `state`
 * (Facebook and Instagram append `#_`), Cancel with `error=access_denied&error_reason=user_denied`. A wrong
 * client_id or a redirect_uri the app does not list is shown as an error page and never redirected to.
 */
interface PendingConsent {
  app: MetaApp;
  redirectUri: string;
  state: string | undefined;
  scopes: string[];
  codeChallenge?: string;
}

export interface ConsentChoice {
  /** Permissions the person unticks on the consent screen. */
  decline?: string[];
  /** The person presses Cancel. */
  deny?: boolean;
}

const errorPage = (message: string): Reply => ({
  status: 400,
  html: `<!doctype html><title>Error</title><h1>Sorry, something went wrong.</h1><p id="error">${escape(message)}</p>`,
});

export function createDialogs(state: MetaState) {
  /** The request's consent, or the error page Meta shows instead of redirecting. */
  const validate = (app: MetaApp, params: Record<string, string>): PendingConsent | Reply => {
    const config = state.apps[app];
    if (params.client_id !== config.id) return errorPage('Invalid App ID: the app ID in the request is not valid.');
    const redirectUri = params.redirect_uri ?? '';
    if (!config.redirectUris.includes(redirectUri))
      return errorPage("URL Blocked: This redirect failed because the redirect URI is not whitelisted in the app's Client OAuth Settings.");
    if (params.response_type !== undefined && params.response_type !== 'code') return errorPage('Unsupported response_type.');
    if (app !== 'facebook' && params.response_type !== 'code') return errorPage('response_type=code is required.');
    // Instagram Login documents no PKCE: a challenge sent anyway is not part of its authorization.
    const challenge = app === 'instagram' ? undefined : params.code_challenge;
    if (challenge !== undefined && (params.code_challenge_method ?? 'plain') !== 'S256') return errorPage('Only code_challenge_method=S256 is supported.');
    const scopes = (params.scope ?? '')
      .split(/[\s,]+/)
      .map((scope) => scope.trim())
      .filter(Boolean);
    if (app === 'instagram' && !scopes.includes('instagram_business_basic')) return errorPage('Invalid scope: instagram_business_basic is required.');
    return { app, redirectUri, state: params.state, scopes, ...(challenge === undefined ? {} : { codeChallenge: challenge }) };
  };

  /** Where the browser goes once the person chose: redirect_uri with a code, or with the documented denial. */
  const decide = (consent: PendingConsent, choice: ConsentChoice): string => {
    const target = new URL(consent.redirectUri);
    if (choice.deny) {
      target.searchParams.set('error', 'access_denied');
      target.searchParams.set('error_reason', 'user_denied');
      // Instagram's documented denial has no error_code and its own description.
      if (consent.app === 'instagram') target.searchParams.set('error_description', 'The user denied your request');
      else {
        target.searchParams.set('error_code', '200');
        target.searchParams.set('error_description', 'Permissions error');
      }
    } else {
      const scopes = consent.scopes.filter((scope) => !(choice.decline ?? []).includes(scope));
      const { codeChallenge } = consent;
      target.searchParams.set(
        'code',
        state.newCode({ app: consent.app, redirectUri: consent.redirectUri, scopes, ...(codeChallenge ? { codeChallenge } : {}) }),
      );
    }
    if (consent.state !== undefined) target.searchParams.set('state', consent.state);
    // Facebook appends this fragment to the redirect (manual-flow guide), Instagram `#_` (business-login); a server never sees it.
    if (consent.app === 'facebook') target.hash = '_=_';
    if (consent.app === 'instagram') target.hash = '_';
    return target.toString();
  };

  const form = createConsentForm(decide);
  const page = (app: MetaApp, params: Record<string, string>, action: string): Reply => {
    const title = `Log in with ${{ facebook: 'Facebook', threads: 'Threads', instagram: 'Instagram' }[app]}`;
    return form.page(validate(app, params), { title, heading: 'Bench planner is requesting access', action });
  };

  /** The form's POST: redirects as the person chose. */
  const submit = (call: Call): Reply => form.submit(call.params, () => errorPage('This login request has expired. Please try again.'));

  return {
    facebookPage: (call: Call, version: string) => page('facebook', call.params, `/${version}/dialog/oauth/submit`),
    threadsPage: (call: Call) => page('threads', call.params, '/oauth/authorize/submit'),
    instagramPage: (call: Call) => page('instagram', call.params, '/oauth/authorize/submit'),
    submit,
    /**
     * What clicking Allow (or Cancel) on the consent screen of `url` does, for API tests without a
     * browser: the redirect location, or an error when the dialog would show its error page.
     */
    approve: (url: string, app: MetaApp, choice: ConsentChoice = {}): string =>
      form.approve(url, (params) => validate(app, params), choice, `The ${app} dialog`),
  };
}
