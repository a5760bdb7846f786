import { bearer, ok, type Call, type Reply } from './call';
import { apiRefusal } from './google-errors';
import { BUSINESS_SCOPE, GOOGLE_ACCOUNTS, LEGACY_BUSINESS_SCOPE, type GoogleState } from './google-state';
import { buildLocalPost, type LocalPost } from './local-posts';

/**
 * The Business Profile APIs, each on its own host:
 * - mybusinessaccountmanagement.googleapis.com GET /v1/accounts (my-business/reference/accountmanagement/
 *   rest/v1/accounts/list): `{ accounts: [Account] }`;
 * - mybusinessbusinessinformation.googleapis.com GET /v1/accounts/{a}/locations?readMask=…
 *   (my-business/reference/businessinformation/rest/v1/accounts.locations/list): readMask is required and
 *   names the fields answered; pageSize 1..100, default 10; `{ locations, nextPageToken }`;
 * - mybusiness.googleapis.com /v4/accounts/{a}/locations/{l}/localPosts (my-business/reference/rest/v4/
 *   accounts.locations.localPosts: create, list (pageSize default 20, at most 100), get).
 * Every method needs the business.manage scope (the v4 ones also take plus.business.manage): none is
 * 403 PERMISSION_DENIED; no token, an expired or a revoked one is 401 UNAUTHENTICATED. A location of
 * another account is NOT_FOUND (docs silent on which code; chosen here).
 */
export type ApiHost = 'accountManagement' | 'businessInformation' | 'myBusiness';

export const SERVICE: Record<ApiHost, string> = {
  accountManagement: 'mybusinessaccountmanagement.googleapis.com',
  businessInformation: 'mybusinessbusinessinformation.googleapis.com',
  myBusiness: 'mybusiness.googleapis.com',
};
const LOCATION_FIELDS = new Set(['name', 'title', 'websiteUri', 'phoneNumbers', 'storefrontAddress']);

export interface PublishedPost extends LocalPost {
  /** accounts/{a}/locations/{l} */
  location: string;
}

const pageOf = <T>(items: T[], call: Call, defaults: number): { page: T[]; next?: string } => {
  const size = Math.min(Math.max(Number(call.params.pageSize ?? defaults) || defaults, 1), 100);
  const start = Number(call.params.pageToken ?? 0) || 0;
  const page = items.slice(start, start + size);
  return { page, ...(start + size < items.length ? { next: String(start + size) } : {}) };
};

export function createBusinessRoutes(state: GoogleState) {
  const published: PublishedPost[] = [];

  const authorize = (host: ApiHost, method: string, call: Call) => {
    const checked = state.check(bearer(call));
    if ('problem' in checked)
      throw apiRefusal.unauthenticated(
        checked.problem === 'missing' ? 'CREDENTIALS_MISSING' : checked.problem === 'expired' ? 'ACCESS_TOKEN_EXPIRED' : 'ACCESS_TOKEN_TYPE_UNSUPPORTED',
        SERVICE[host],
        method,
      );
    const accepted = host === 'myBusiness' ? [BUSINESS_SCOPE, LEGACY_BUSINESS_SCOPE] : [BUSINESS_SCOPE];
    if (!checked.token.grant.scopes.some((scope) => accepted.includes(scope))) throw apiRefusal.scope(SERVICE[host], method);
  };

  const accounts = (call: Call): Reply => {
    authorize('accountManagement', 'google.mybusiness.accountmanagement.v1.AccessControl.ListAccounts', call);
    return ok({ accounts: [GOOGLE_ACCOUNTS.account] });
  };

  const locations = (call: Call, account: string): Reply => {
    authorize('businessInformation', 'google.mybusiness.businessinformation.v1.BusinessInformation.ListLocations', call);
    const mask = (call.params.readMask ?? '')
      .split(',')
      .map((field) => field.trim())
      .filter(Boolean);
    if (mask.length === 0) throw apiRefusal.invalid('read_mask', 'Field mask is required: name the fields to read (readMask).');
    const unknown = mask.find((field) => !LOCATION_FIELDS.has(field.split('.')[0]!));
    if (unknown) throw apiRefusal.invalid('read_mask', `Invalid field mask provided: ${unknown}`);
    if (`accounts/${account}` !== GOOGLE_ACCOUNTS.account.name) throw apiRefusal.notFound();
    const { page, next } = pageOf(GOOGLE_ACCOUNTS.locations, call, 10);
    const masked = page.map((location) => Object.fromEntries(Object.entries(location).filter(([key]) => mask.some((field) => field.split('.')[0] === key))));
    return ok({ locations: masked, ...(next ? { nextPageToken: next } : {}) });
  };

  const locationOf = (account: string, location: string) => {
    const found = GOOGLE_ACCOUNTS.locations.find((item) => item.name === `locations/${location}`);
    if (!found || `accounts/${account}` !== GOOGLE_ACCOUNTS.account.name) throw apiRefusal.notFound();
    return `accounts/${account}/locations/${location}`;
  };

  const postsOf = (parent: string) => published.filter((post) => post.location === parent);
  const strip = ({ location: _location, ...post }: PublishedPost): LocalPost => post;

  /** POST or GET …/localPosts, GET …/localPosts/{id}. */
  const localPosts = async (call: Call, account: string, location: string, postId?: string): Promise<Reply> => {
    const rpc = 'google.mybusiness.v4.LocalPosts';
    if (call.method === 'POST' && postId === undefined) {
      authorize('myBusiness', `${rpc}.CreateLocalPost`, call);
      const parent = locationOf(account, location);
      const post = await buildLocalPost(call.json, parent, location, state.now());
      published.push({ ...post, location: parent });
      return ok(post);
    }
    if (call.method !== 'GET') throw apiRefusal.notFound();
    authorize('myBusiness', `${rpc}.${postId ? 'GetLocalPost' : 'ListLocalPosts'}`, call);
    const parent = locationOf(account, location);
    if (postId) {
      const post = postsOf(parent).find((item) => item.name === `${parent}/localPosts/${postId}`);
      if (!post) throw apiRefusal.notFound();
      return ok(strip(post));
    }
    const { page, next } = pageOf([...postsOf(parent)].reverse(), call, 20);
    return ok({ localPosts: page.map(strip), ...(next ? { nextPageToken: next } : {}) });
  };

  return { accounts, locations, localPosts, published };
}
