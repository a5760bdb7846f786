import type { OAuthProvider } from '@shared/schemas/publishing';

/** One provider's app as the operator registered it, and where its API and sign-in pages are. */
export interface ProviderApp {
  clientId: string;
  clientSecret: string;
  /** The API's base URL, e.g. https://graph.facebook.com (tests and staging point it at a local server). */
  apiUrl: string;
  /** The sign-in pages' base URL, e.g. https://www.facebook.com. */
  authUrl: string;
  /**
   * Where the sign-in's code is exchanged, when that is neither the API's host nor the sign-in pages':
   * Instagram Login's is api.instagram.com (INSTAGRAM_TOKEN_URL). Absent for Facebook and Threads, which
   * exchange it on their API's host.
   */
  tokenUrl?: string;
}

/** The providers whose app the operator configured; one left out is simply not offered. */
export type ProvidersConfig = Partial<Record<OAuthProvider, ProviderApp>>;

/** The real hosts each provider's URLs default to. */
export const PROVIDER_HOSTS: Record<OAuthProvider, { api: string; auth: string; token?: string }> = {
  facebook: { api: 'https://graph.facebook.com', auth: 'https://www.facebook.com' },
  // Business Login for Instagram: authorize on www.instagram.com, the code exchanged on api.instagram.com.
  instagram: { api: 'https://graph.instagram.com', auth: 'https://www.instagram.com', token: 'https://api.instagram.com' },
  threads: { api: 'https://graph.threads.net', auth: 'https://threads.net' },
};

const PREFIX: Record<OAuthProvider, string> = { facebook: 'FACEBOOK', instagram: 'INSTAGRAM', threads: 'THREADS' };

/**
 * Each configured provider, from <PROVIDER>_CLIENT_ID, _CLIENT_SECRET, _API_URL and _AUTH_URL (and
 * INSTAGRAM_TOKEN_URL, the one provider with a third host). A client id
 * without its secret (or the reverse), or a URL that is not http(s), stops start-up naming the variable.
 */
export function providersConfig(env: Record<string, string | undefined>, fail: (message: string) => Error): ProvidersConfig {
  const providers: ProvidersConfig = {};
  for (const [provider, prefix] of Object.entries(PREFIX) as [OAuthProvider, string][]) {
    const clientId = env[`${prefix}_CLIENT_ID`];
    const clientSecret = env[`${prefix}_CLIENT_SECRET`];
    const tokenHost = PROVIDER_HOSTS[provider].token;
    for (const name of [`${prefix}_API_URL`, `${prefix}_AUTH_URL`, ...(tokenHost ? [`${prefix}_TOKEN_URL`] : [])]) {
      const value = env[name];
      if (value !== undefined && !/^https?:\/\//.test(value)) throw fail(`${name} must start with http:// or https://.`);
    }
    if (!clientId && !clientSecret) continue;
    if (!clientId) throw fail(`${prefix}_CLIENT_ID must be set when ${prefix}_CLIENT_SECRET is set.`);
    if (!clientSecret) throw fail(`${prefix}_CLIENT_SECRET must be set when ${prefix}_CLIENT_ID is set.`);
    providers[provider] = {
      clientId,
      clientSecret,
      apiUrl: trim(env[`${prefix}_API_URL`] ?? PROVIDER_HOSTS[provider].api),
      authUrl: trim(env[`${prefix}_AUTH_URL`] ?? PROVIDER_HOSTS[provider].auth),
      ...(tokenHost ? { tokenUrl: trim(env[`${prefix}_TOKEN_URL`] ?? tokenHost) } : {}),
    };
  }
  return providers;
}

function trim(url: string): string {
  let end = url.length;
  while (end > 0 && url[end - 1] === '/') end -= 1;
  return url.slice(0, end);
}
