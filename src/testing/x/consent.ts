import { createConsentForm, escapeHtml as escape } from '../stand-in/consent-page';
import type { XCall, XReply } from './x-call';
import { X_SCOPES, type XState } from './x-state';

/**
 * The consent page at x.com/i/oauth2/authorize (docs.x.com/fundamentals/authentication/oauth-2-0/
 * user-access-token, steps 1 and 2: response_type=code, client_id, redirect_uri, scope space-separated,
 * state, code_challenge and code_challenge_method; the guide's own example uses `plain`, RFC 7636 allows
 * `S256`, so both are taken). The page shows the scopes with an Authorize and a Cancel button; Authorize
 * redirects to redirect_uri with `state` and `code`, Cancel with `error=access_denied` and `state`. A
 * wrong client_id, an unregistered redirect_uri (the App's Callback URI must match exactly), an unknown
 * scope, or a missing state or code_challenge shows X's error page and never redirects.
 */
interface Pending {
  redirectUri: string;
  state: string;
  scopes: string[];
  challenge: string;
  method: 'S256' | 'plain';
}

export interface ConsentChoice {
  /** The person presses Cancel. */
  deny?: boolean;
  /**
   * The scopes the App may grant, where its settings allow fewer than asked (an App whose User
   * authentication settings say "Read" gets no tweet.write): the code carries only those asked that are here.
   */
  grantOnly?: string[];
}

const errorPage = (reason: string): XReply => ({
  status: 400,
  html: `<!doctype html><title>X</title><h1>Something went wrong</h1><p>You weren’t able to give access to the App. Go back and try logging in again.</p><p id="reason">${escape(reason)}</p>`,
});

export function createConsent(state: XState) {
  const validate = (params: Record<string, string>): Pending | XReply => {
    if (params.client_id !== state.client.id) return errorPage('Unknown client_id.');
    const redirectUri = params.redirect_uri ?? '';
    if (!state.client.redirectUris.includes(redirectUri)) return errorPage('The redirect_uri does not match the App’s Callback URI.');
    if (params.response_type !== 'code') return errorPage('response_type must be code.');
    const scopes = (params.scope ?? '').split(' ').filter(Boolean);
    if (scopes.length === 0 || scopes.some((scope) => !X_SCOPES.includes(scope))) return errorPage('Invalid scope.');
    if (!params.state) return errorPage('state is required.');
    if (!params.code_challenge) return errorPage('code_challenge is required.');
    const method = params.code_challenge_method ?? 'plain';
    if (method !== 'S256' && method !== 'plain') return errorPage('code_challenge_method must be S256 or plain.');
    return { redirectUri, state: params.state, scopes, challenge: params.code_challenge, method };
  };

  const decide = (consent: Pending, choice: ConsentChoice): string => {
    const target = new URL(consent.redirectUri);
    if (choice.deny) target.searchParams.set('error', 'access_denied');
    target.searchParams.set('state', consent.state);
    if (!choice.deny)
      target.searchParams.set(
        'code',
        state.newCode({
          redirectUri: consent.redirectUri,
          scopes: choice.grantOnly ? consent.scopes.filter((scope) => choice.grantOnly!.includes(scope)) : consent.scopes,
          challenge: consent.challenge,
          method: consent.method,
        }),
      );
    return target.toString();
  };

  const form = createConsentForm(decide);
  const page = (call: XCall): XReply =>
    form.page(validate(Object.fromEntries(call.query)), {
      title: 'Authorize app / X',
      heading: 'Bench planner wants to access your X account.',
      action: '/i/oauth2/authorize/submit',
      allow: 'Authorize app',
    });

  const submit = (call: XCall): XReply => form.submit(call.form, () => errorPage('This request has expired.'));

  return {
    page,
    submit,
    /** What pressing Authorize (or Cancel) on the page of `url` does: the redirect location; throws where X shows its error page. */
    approve: (url: string, choice: ConsentChoice = {}): string => form.approve(url, validate, choice, "X's consent page"),
  };
}
