import { randomBytes } from 'node:crypto';

/** Who signs in: one X account (ids are 64-bit integers written as strings, as X answers them). */
export const X_USER = { id: '1849274655409745920', name: 'Bench Bakery', username: 'benchbakery' };

/** The scopes the stand-in knows (docs.x.com .../oauth-2-0/authorization-code, "Scopes"). */
export const X_SCOPES = ['tweet.read', 'tweet.write', 'users.read', 'offline.access', 'media.write', 'like.read', 'follows.read'];

/** An access token lives two hours (authorization-code guide, "How long will my credentials stay valid?"). */
export const ACCESS_SECONDS = 7200;
/** How long an authorization code may wait for its exchange: 30 seconds (authorization-code guide, "Authorization code" in its glossary). */
export const CODE_SECONDS = 30;
/** An unused upload lives a day (the media upload reference answers `expires_after_secs: 86400`). */
export const MEDIA_SECONDS = 86_400;

export interface ClientConfig {
  id: string;
  secret: string;
  redirectUris: string[];
}

interface Code {
  redirectUri: string;
  scopes: string[];
  challenge: string;
  method: 'S256' | 'plain';
  expiresAt: number;
}

export interface XToken {
  value: string;
  kind: 'access' | 'refresh';
  scopes: string[];
  expiresAt: number | null;
  /** Why it stopped working: a refresh token once used, a revoke, the person taking the app's access away. */
  spent?: 'used' | 'revoked';
}

export interface Upload {
  id: string;
  mediaKey: string;
  mediaType: string;
  category: string;
  totalBytes: number;
  segments: Map<number, number>;
  state: 'uploading' | 'pending' | 'in_progress' | 'succeeded' | 'failed';
  /** STATUS reads left before a video's processing is done. */
  pollsLeft: number;
  expiresAt: number;
}

export interface PublishedPost {
  id: string;
  text: string;
  mediaIds: string[];
  replySettings?: string;
  inReplyTo?: string;
  createdAt: string;
}

/** Ids as X makes them: large, increasing, numeric strings. */
function idMaker(start: bigint) {
  let next = start;
  return () => String((next += 1n));
}

export function createXState(now: () => Date, client: ClientConfig) {
  const codes = new Map<string, Code>();
  const tokens = new Map<string, XToken>();
  const uploads = new Map<string, Upload>();
  const published: PublishedPost[] = [];
  const newId = idMaker(1_880_028_106_020_515_840n);

  const secret = (prefix: string) => `${prefix}${randomBytes(24).toString('base64url')}`;

  const issue = (kind: XToken['kind'], scopes: string[]): XToken => {
    const token: XToken = {
      value: secret(kind === 'access' ? 'xat-' : 'xrt-'),
      kind,
      scopes,
      expiresAt: kind === 'access' ? now().getTime() + ACCESS_SECONDS * 1000 : null,
    };
    tokens.set(token.value, token);
    return token;
  };

  return {
    client,
    codes,
    tokens,
    uploads,
    published,
    newId,
    now,
    newCode(code: Omit<Code, 'expiresAt'>) {
      const value = secret('xcode-');
      codes.set(value, { ...code, expiresAt: now().getTime() + CODE_SECONDS * 1000 });
      return value;
    },
    /** An access token, and a refresh token when offline.access was granted. */
    grantPair(scopes: string[]) {
      const access = issue('access', scopes);
      const refresh = scopes.includes('offline.access') ? issue('refresh', scopes) : undefined;
      return { access, refresh };
    },
    /** The person removes the app from their connected apps: every token so far stops working. */
    revokeAll() {
      for (const token of tokens.values()) token.spent ??= 'revoked';
    },
  };
}

export type XState = ReturnType<typeof createXState>;
