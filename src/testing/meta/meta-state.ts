import { randomBytes } from 'node:crypto';
import { GraphError, refuse } from './graph-errors';

/** The apps a person grants: Facebook Login, Threads, and Instagram Login (Business Login for Instagram). */
export type MetaApp = 'facebook' | 'threads' | 'instagram';

/** The one person, Page, Instagram account and Threads profile the stand-in knows. */
export const META_ACCOUNTS = {
  user: { id: '10158000000000001', name: 'Bright Smile Owner' },
  page: { id: '102000000000001', name: 'Bright Smile Dental', category: 'Dentist' },
  /** `id` is the professional account's (IG_ID, /me `user_id`); `scopedId` the app-scoped user id Instagram Login answers as `user_id` of the code exchange and `id` of /me. */
  instagram: { id: '17841400000000001', username: 'brightsmile', scopedId: '27000000000000001' },
  threads: { id: '25000000000000001', username: 'brightsmile' },
};

/** The tasks a Page admin can perform (/me/accounts `tasks`). */
export const PAGE_TASKS = ['ADVERTISE', 'ANALYZE', 'CREATE_CONTENT', 'MESSAGING', 'MODERATE', 'MANAGE'];

export interface AppConfig {
  id: string;
  secret: string;
  /** The app's Valid OAuth Redirect URIs: the dialog refuses any other. */
  redirectUris: string[];
}

export interface IssuedToken {
  value: string;
  app: MetaApp;
  kind: 'user' | 'page';
  pageId?: string;
  scopes: string[];
  issuedAt: number;
  /** Order of issue: a revocation takes every token issued before it, even at the same instant. */
  serial: number;
  /** null: never expires (a Page token made from a long-lived user token). */
  expiresAt: number | null;
  longLived: boolean;
}

export interface AuthorizationCode {
  app: MetaApp;
  redirectUri: string;
  scopes: string[];
  codeChallenge?: string;
  issuedAt: number;
  used: boolean;
}

/** Something published, as the network would show it. */
export interface PublishedItem {
  network: 'facebook' | 'instagram' | 'threads';
  accountId: string;
  id: string;
  text: string;
  link?: string;
  media: { kind: 'image' | 'video'; url: string; alt?: string }[];
  permalink: string;
  createdAt: Date;
}

/** Usage percentages the server reports (overview/rate-limiting: X-App-Usage, X-Business-Use-Case-Usage). */
export interface Usage {
  app?: { call_count: number; total_time: number; total_cputime: number };
  /** By business object id (the Page or Instagram account). */
  business?: Record<
    string,
    { type: 'pages' | 'instagram'; call_count: number; total_time: number; total_cputime: number; estimated_time_to_regain_access: number }
  >;
}

const DAY_MS = 86_400_000;
/** Long-lived tokens last about 60 days: the docs' sample answers `expires_in: 5183944`. */
export const LONG_LIVED_SECONDS = 5_183_944;
export const SHORT_LIVED_SECONDS = 3600;
/** An authorization code is good for one exchange, within ten minutes; Instagram Login's within an hour (business-login: "valid for 1 hour and can only be used once"). */
const CODE_TTL_MS: Record<MetaApp, number> = { facebook: 10 * 60_000, threads: 10 * 60_000, instagram: 3600_000 };
const TOKEN_PREFIX: Record<MetaApp, string> = { facebook: 'EAAU', threads: 'TH', instagram: 'IGAA' };

export function createMetaState(now: () => Date, apps: Record<MetaApp, AppConfig>) {
  const tokens = new Map<string, IssuedToken>();
  const codes = new Map<string, AuthorizationCode>();
  /** When the person last took the app's grant away, and how (subcode 458 or 460). */
  const revocations = new Map<MetaApp, { serial: number; subcode: number }>();
  let serial = 0;
  const published: PublishedItem[] = [];
  let usage: Usage = {};

  const issue = (app: MetaApp, fields: Omit<IssuedToken, 'value' | 'app' | 'issuedAt' | 'serial'>): IssuedToken => {
    const prefix = fields.kind === 'page' ? 'EAAP' : TOKEN_PREFIX[app];
    const token = { ...fields, app, value: `${prefix}${randomBytes(24).toString('base64url')}`, issuedAt: now().getTime(), serial: ++serial };
    tokens.set(token.value, token);
    return token;
  };

  /** The token's record, or the refusal Graph gives for it: unknown, expired (463) or revoked (458/460). */
  const check = (value: string | undefined, app: MetaApp): IssuedToken => {
    if (!value) throw refuse.noToken();
    const token = tokens.get(value);
    if (!token || token.app !== app) throw refuse.badToken();
    const revoked = revocations.get(app);
    if (revoked && token.serial <= revoked.serial) throw refuse.revoked(revoked.subcode, apps[app].id);
    if (token.expiresAt !== null && now().getTime() >= token.expiresAt) throw refuse.expired(new Date(token.expiresAt), now());
    return token;
  };

  /** Permission errors: code 10 for the Instagram and Threads publishing permissions, 200 for Page publishing. */
  const requireScopes = (token: IssuedToken, needed: string[], code: 10 | 200 = 10) => {
    const missing = needed.filter((scope) => !token.scopes.includes(scope));
    if (missing.length === 0) return;
    throw code === 200
      ? refuse.permission(
          200,
          `If posting to a page, requires both pages_read_engagement and pages_manage_posts as an admin with sufficient administrative permission`,
        )
      : refuse.permission(10, `Application does not have permission for this action (missing ${missing.join(', ')})`);
  };

  const newCode = (fields: Omit<AuthorizationCode, 'issuedAt' | 'used'>) => {
    const code = `AQ${randomBytes(32).toString('base64url')}`;
    codes.set(code, { ...fields, issuedAt: now().getTime(), used: false });
    return code;
  };

  /** Codes: 36007 expired, 36008 another redirect_uri, 36009 already used (the token endpoint's refusals). */
  const takeCode = (value: string | undefined, app: MetaApp, redirectUri: string | undefined): AuthorizationCode => {
    const code = value ? codes.get(value) : undefined;
    if (!code || code.app !== app) throw refuse.param('Invalid verification code format.');
    if (code.used) throw refuse.param('This authorization code has been used.', 36009);
    if (now().getTime() - code.issuedAt > CODE_TTL_MS[app]) throw refuse.param('This authorization code has expired.', 36007);
    if (redirectUri !== code.redirectUri)
      throw refuse.param(
        'Error validating verification code. Please make sure your redirect_uri is identical to the one you used in the OAuth dialog request',
        36008,
      );
    code.used = true;
    return code;
  };

  /** The app's id and secret, or Graph's refusal of a wrong secret (code 1). */
  const checkClient = (app: MetaApp, clientId: string | undefined, secret: string | undefined) => {
    if (clientId !== undefined && clientId !== apps[app].id) throw refuse.param(`Invalid Client ID`);
    if (secret !== apps[app].secret) throw new GraphError(400, 1, 'Error validating client secret.');
  };

  const quotaUsage = (network: PublishedItem['network'], accountId: string) =>
    published.filter((item) => item.network === network && item.accountId === accountId && now().getTime() - item.createdAt.getTime() < DAY_MS).length;

  return {
    apps,
    tokens,
    published,
    issue,
    check,
    requireScopes,
    newCode,
    takeCode,
    checkClient,
    quotaUsage,
    revoke: (app: MetaApp, subcode: number) => revocations.set(app, { serial, subcode }),
    getUsage: () => usage,
    setUsage: (next: Usage) => (usage = next),
    now,
  };
}

export type MetaState = ReturnType<typeof createMetaState>;

/** Graph's time format: `2026-11-26T01:08:36+0000`. */
export const graphTime = (at: Date) => at.toISOString().replace(/\.\d{3}Z$/, '+0000');
