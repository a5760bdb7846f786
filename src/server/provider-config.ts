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
   * The provider's further hosts, by name, where it has more than an API and sign-in pages: Instagram
   * Login's `token` (api.instagram.com); Google's `token` (oauth2.googleapis.com), `accounts`
   * (mybusinessaccountmanagement) and `locations` (mybusinessbusinessinformation). Each is
   * <PROVIDER>_<NAME>_URL.
   */
  hosts: Partial<Record<ExtraHost, string>>;
  /** LinkedIn only: the app has the Community Management API (LINKEDIN_ORGANIZATIONS=true), so the Pages a member administers are offered. */
  organizations?: boolean;
}

/** The further hosts a provider may have (see ProviderApp.hosts). */
export type ExtraHost = 'token' | 'accounts' | 'locations';

/** The providers whose app the operator configured; one left out is simply not offered. */
export type ProvidersConfig = Partial<Record<OAuthProvider, ProviderApp>>;

interface Hosts {
  api: string;
  auth: string;
  more?: Partial<Record<ExtraHost, string>>;
}

/** The real hosts each provider's URLs default to. */
export const PROVIDER_HOSTS: Record<OAuthProvider, Hosts> = {
  facebook: { api: 'https://graph.facebook.com', auth: 'https://www.facebook.com' },
  // Business Login for Instagram: authorize on www.instagram.com, the code exchanged on api.instagram.com.
  instagram: { api: 'https://graph.instagram.com', auth: 'https://www.instagram.com', more: { token: 'https://api.instagram.com' } },
  threads: { api: 'https://graph.threads.net', auth: 'https://threads.net' },
  // Sign-in and its token endpoint on www.linkedin.com; the API on api.linkedin.com.
  linkedin: { api: 'https://api.linkedin.com', auth: 'https://www.linkedin.com' },
  // The consent page on x.com; tokens, posts and media on api.x.com.
  x: { api: 'https://api.x.com', auth: 'https://x.com' },
  // Local posts on mybusiness.googleapis.com (v4); accounts and locations on their own APIs' hosts.
  google: {
    api: 'https://mybusiness.googleapis.com',
    auth: 'https://accounts.google.com',
    more: {
      token: 'https://oauth2.googleapis.com',
      accounts: 'https://mybusinessaccountmanagement.googleapis.com',
      locations: 'https://mybusinessbusinessinformation.googleapis.com',
    },
  },
};

const PREFIX: Record<OAuthProvider, string> = {
  facebook: 'FACEBOOK',
  instagram: 'INSTAGRAM',
  threads: 'THREADS',
  linkedin: 'LINKEDIN',
  x: 'X',
  google: 'GOOGLE',
};

/**
 * Each configured provider, from <PROVIDER>_CLIENT_ID, _CLIENT_SECRET, _API_URL and _AUTH_URL (and the
 * further hosts' <PROVIDER>_<NAME>_URL). A client id without its secret (or the reverse), or a URL that is
 * not http(s), stops start-up naming the variable.
 */
export function providersConfig(env: Record<string, string | undefined>, fail: (message: string) => Error): ProvidersConfig {
  const providers: ProvidersConfig = {};
  for (const [provider, prefix] of Object.entries(PREFIX) as [OAuthProvider, string][]) {
    const clientId = env[`${prefix}_CLIENT_ID`];
    const clientSecret = env[`${prefix}_CLIENT_SECRET`];
    const defaults = PROVIDER_HOSTS[provider];
    const more = Object.keys(defaults.more ?? {}) as ExtraHost[];
    const nameOf = (host: ExtraHost) => `${prefix}_${host.toUpperCase()}_URL`;
    for (const name of [`${prefix}_API_URL`, `${prefix}_AUTH_URL`, ...more.map(nameOf)]) {
      const value = env[name];
      if (value !== undefined && !/^https?:\/\//.test(value)) throw fail(`${name} must start with http:// or https://.`);
    }
    if (!clientId && !clientSecret) continue;
    if (!clientId) throw fail(`${prefix}_CLIENT_ID must be set when ${prefix}_CLIENT_SECRET is set.`);
    if (!clientSecret) throw fail(`${prefix}_CLIENT_SECRET must be set when ${prefix}_CLIENT_ID is set.`);
    providers[provider] = {
      clientId,
      clientSecret,
      apiUrl: trim(env[`${prefix}_API_URL`] ?? defaults.api),
      authUrl: trim(env[`${prefix}_AUTH_URL`] ?? defaults.auth),
      hosts: Object.fromEntries(more.map((host) => [host, trim(env[nameOf(host)] ?? defaults.more![host]!)])),
    };
  }
  return providers;
}

function trim(url: string): string {
  let end = url.length;
  while (end > 0 && url[end - 1] === '/') end -= 1;
  return url.slice(0, end);
}
