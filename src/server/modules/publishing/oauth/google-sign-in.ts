import { NETWORKS } from '@shared/networks';
import type { ProviderApp } from '../../../provider-config';
import type { GoogleBusinessCredentials } from '../channels/google-business';
import { googleCall, googleHost, googleTokenClient } from '../channels/google-api';
import { authorizationUrl, HOSTS, shortLivedToken, SignInRefused, type FoundAccount, type ProviderSignIn, type Setup } from './sign-in-steps';

/**
 * Signing in with Google to connect Business Profile locations: OAuth 2.0 for web server applications
 * (identity/protocols/oauth2/web-server) with PKCE, `access_type=offline` and `prompt=consent` so a refresh
 * token comes back every time, scopes space-separated; then the locations the person manages:
 * GET mybusinessaccountmanagement /v1/accounts (my-business/reference/accountmanagement/rest/v1/accounts/list)
 * and, for each account, GET mybusinessbusinessinformation /v1/{account}/locations with a readMask
 * (…/businessinformation/rest/v1/accounts.locations/list), following nextPageToken.
 */
export const GOOGLE_BUSINESS_SCOPE = 'https://www.googleapis.com/auth/business.manage';
const { googlebusiness } = NETWORKS;
const READ_MASK = 'name,title,websiteUri,phoneNumbers,storefrontAddress';
/** Pages read of each list at most: 100 a page is more locations than a small business has. */
const MAX_PAGES = 10;

interface GoogleLocation {
  name?: string;
  title?: string;
  websiteUri?: string;
  storefrontAddress?: { locality?: string };
}

/** Every item of a paged list (`field` of each page), following nextPageToken. Throws when Google refuses: the sign-in then fails. */
async function allPages<T>(url: string, field: string, token: string, setup: Setup): Promise<T[]> {
  const items: T[] = [];
  let pageToken: string | undefined;
  for (let page = 0; page < MAX_PAGES; page++) {
    const next = new URL(url);
    if (pageToken) next.searchParams.set('pageToken', pageToken);
    const answer = await googleCall<Record<string, unknown>>(
      { method: 'GET', url: next.toString(), token, signal: AbortSignal.timeout(setup.policy.timeoutMs) },
      { policy: setup.policy, now: setup.now },
    );
    if (!answer.ok) throw new Error(`Google refused the sign-in: ${answer.outcome.detail}`);
    const listed = answer.json[field];
    if (Array.isArray(listed)) items.push(...(listed as T[]));
    pageToken = typeof answer.json.nextPageToken === 'string' ? answer.json.nextPageToken : undefined;
    if (!pageToken) break;
  }
  return items;
}

/** Each location once (a location reached through two accounts is one), named by its title, with its town where two share a title. */
function accountsOf(found: { account: string; location: GoogleLocation }[], tokens: Omit<GoogleBusinessCredentials, 'account' | 'location' | 'websiteUri'>) {
  const seen = new Set<string>();
  const unique = found.filter(({ location }) => {
    if (!location.name || !/^locations\/[\w-]{1,60}$/.test(location.name) || seen.has(location.name)) return false;
    seen.add(location.name);
    return true;
  });
  const titles = unique.map(({ location }) => location.title?.trim() || location.name!);
  return unique.map(({ account, location }, index): FoundAccount => {
    const title = titles[index]!;
    const locality = location.storefrontAddress?.locality?.trim();
    const shared = titles.filter((other) => other === title).length > 1;
    const credentials: GoogleBusinessCredentials = { ...tokens, account, location: location.name!, websiteUri: location.websiteUri ?? null };
    return {
      kind: googlebusiness.id,
      accountId: location.name!,
      name: shared && locality ? `${title} (${locality})` : title,
      target: HOSTS.google,
      credentials,
      // The refresh token does not expire; the access token is renewed when a post is sent.
      tokenExpiresAt: null,
    };
  });
}

export function googleSignIn(app: ProviderApp, setup: Setup): ProviderSignIn {
  const oauthClient = googleTokenClient(app);
  return {
    pkce: true,
    authorizeUrl: ({ state, redirectUri, codeChallenge }) =>
      authorizationUrl(oauthClient, {
        redirectUri,
        scopes: [GOOGLE_BUSINESS_SCOPE],
        state,
        codeChallenge,
        scopeSeparator: ' ',
        extra: { access_type: 'offline', prompt: 'consent' },
      }),
    async finish({ callback, state, redirectUri, verifier }) {
      const answer = await shortLivedToken(oauthClient, { callback, state, redirectUri, verifier }, setup);
      // The scopes granted (granular consent lets the person untick one); RFC 6749 5.1: absent means those asked.
      const granted = typeof answer.scope === 'string' ? answer.scope.split(' ') : [GOOGLE_BUSINESS_SCOPE];
      if (!granted.includes(GOOGLE_BUSINESS_SCOPE))
        throw new SignInRefused('oauth_missing_permission', 'Google was not allowed to manage your Business Profile.');
      if (!answer.refresh_token) throw new SignInRefused('oauth_failed', 'Google gave no refresh token.');
      const token = answer.access_token;
      const tokens = {
        refreshToken: answer.refresh_token,
        accessToken: token,
        accessTokenExpiresAt: new Date(setup.now().getTime() + (answer.expires_in ?? 3599) * 1000).toISOString(),
      };
      const accounts = await allPages<{ name?: string }>(`${googleHost(app, 'accounts')}/v1/accounts?pageSize=20`, 'accounts', token, setup);
      const found: { account: string; location: GoogleLocation }[] = [];
      for (const { name: account } of accounts) {
        if (!account || !/^accounts\/[\w-]{1,60}$/.test(account)) continue;
        const url = `${googleHost(app, 'locations')}/v1/${account}/locations?${new URLSearchParams({ readMask: READ_MASK, pageSize: '100' })}`;
        for (const location of await allPages<GoogleLocation>(url, 'locations', token, setup)) found.push({ account, location });
      }
      return accountsOf(found, tokens);
    },
  };
}
