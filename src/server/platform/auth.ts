import path from 'node:path';
import { betterAuth } from 'better-auth';
import { APIError, createAuthMiddleware } from 'better-auth/api';
import type { ApiError } from '@shared/schemas/api-error';
import { deleteAccountSchema, PASSWORD_MAX, PASSWORD_MIN } from '@shared/schemas/auth';
import type { Config } from '../config';
import type { DatabaseHandle } from './db/database';
import type { Logger } from './logger';
import { createDiskMediaStore, type MediaStore } from './media-store/media-store';

/** Set by our own middleware from the socket address, replacing anything a client sent. */
export const CLIENT_IP_HEADER = 'x-planner-client-ip';

/**
 * better-auth endpoints the app never calls: verify-password would make a borrowed session a password
 * oracle. Refused as if they did not exist, in the one error shape.
 */
const UNUSED_PATHS = new Set(['/verify-password']);
/** Asking for a reset link: only where the link has somewhere to go (SMTP configured, or the operator's script). */
const REQUEST_RESET_PATH = '/request-password-reset';

/** A reset link lives an hour; it is single-use (better-auth consumes it when the password is set). */
export const RESET_LINK_SECONDS = 60 * 60;
/** Where the reset page is: better-auth's link checks the token, then sends the browser here with it. */
export const RESET_PAGE = '/login?step=reset';

/**
 * Where a password-reset link goes: the user's inbox through the mail outbox (modules/mail), or the
 * operator's terminal (scripts/reset-password.ts). `link` opens the reset page; it carries the token.
 */
export type ResetLinkSender = (user: { id: string; email: string }, link: string, token: string) => Promise<void>;

const NOT_FOUND: ApiError = { error: { code: 'not_found', message: 'Not found.' } };

/**
 * Checked in a hook, so it holds on every way into an endpoint. better-auth deletes an account
 * without the password while the session is under a day old; we always ask for it.
 */
const guardEndpoints = (resetsByLink: boolean) =>
  createAuthMiddleware(async (ctx) => {
    if (UNUSED_PATHS.has(ctx.path) || (ctx.path === REQUEST_RESET_PATH && !resetsByLink)) throw new APIError('NOT_FOUND', NOT_FOUND);
    if (ctx.path !== '/delete-user') return;
    const parsed = deleteAccountSchema.safeParse(ctx.body);
    if (parsed.success) return;
    const message = parsed.error.issues[0]!.message;
    const body: ApiError = { error: { code: 'bad_request', message, fields: { password: message } } };
    throw new APIError('BAD_REQUEST', body);
  });

export function createAuth(
  config: Config,
  database: DatabaseHandle,
  log: Logger,
  media: MediaStore = createDiskMediaStore(path.join(config.dataDir, 'media')),
  sendResetLink?: ResetLinkSender,
) {
  const limit = { window: 60, max: config.authRateLimitMax };
  const resetPage = `${config.publicUrl}${RESET_PAGE}`;
  return betterAuth({
    appName: 'Content Planner',
    database: { db: database.db, type: database.kind },
    secret: config.authSecret,
    baseURL: config.publicUrl,
    basePath: '/api/auth',
    trustedOrigins: config.trustedOrigins,
    telemetry: { enabled: false },
    emailAndPassword: {
      enabled: true,
      autoSignIn: true,
      minPasswordLength: PASSWORD_MIN,
      maxPasswordLength: PASSWORD_MAX,
      revokeSessionsOnPasswordReset: true,
      resetPasswordTokenExpiresIn: RESET_LINK_SECONDS,
      // The link opens better-auth's check of the token, which forwards to the reset page with it (or with ?error=INVALID_TOKEN).
      sendResetPassword: sendResetLink
        ? ({ user, token }) =>
            sendResetLink(user, `${config.publicUrl}/api/auth/reset-password/${encodeURIComponent(token)}?callbackURL=${encodeURIComponent(resetPage)}`, token)
        : undefined,
    },
    // Reset tokens are kept as their SHA-256 (better-auth's `verification.storeIdentifier`), never as they were sent.
    verification: { storeIdentifier: 'hashed' },
    session: { expiresIn: 60 * 60 * 24 * 30, updateAge: 60 * 60 * 24 },
    hooks: { before: guardEndpoints(sendResetLink !== undefined) },
    user: {
      // Deleting an account (password always required, see above) removes every row of the user through foreign-key
      // cascades (profile, months, posts, versions, jobs, feedback) and then the user's media files.
      deleteUser: {
        enabled: true,
        afterDelete: async (user) => {
          await media.removeUser(user.id);
          log.info({ event: 'account.deleted', userId: user.id });
        },
      },
    },
    rateLimit: {
      enabled: true,
      // Counted in the database on PostgreSQL, so the limit holds across instances; in this process on SQLite.
      storage: database.kind === 'postgres' ? 'database' : 'memory',
      window: 60,
      max: 300,
      // Every endpoint that checks a password or a reset token, or sends an e-mail: each try counts.
      customRules: {
        '/sign-in/email': limit,
        '/sign-up/email': limit,
        '/change-password': limit,
        '/delete-user': limit,
        [REQUEST_RESET_PATH]: limit,
        '/reset-password': limit,
        '/reset-password/*': limit,
      },
    },
    advanced: {
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      useSecureCookies: config.publicUrl.startsWith('https:'),
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax' },
    },
    logger: {
      level: 'warn',
      log: (level, message) => log[level]({ event: 'auth.log' }, message),
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;

/** Creates or updates better-auth's own tables (its CLI needs a newer Node, so we call its migrator). */
export async function migrateAuthTables(auth: Auth): Promise<void> {
  const { getMigrations } = await import('better-auth/db/migration');
  const { runMigrations } = await getMigrations(auth.options);
  await runMigrations();
}
