import type { LoginOptions } from '@shared/schemas/auth';
import { postAuth } from '../../../lib/auth-client';
import { request } from '../../../lib/request';

/**
 * What the login page offers; nothing extra when the server cannot say (an older server, a network
 * fault). Checked by hand, not with the zod schema: zod would be a quarter of the login page's script.
 */
export async function loginOptions(): Promise<LoginOptions> {
  try {
    const response = await request('/api/login-options');
    const body: unknown = response.ok ? await response.json() : undefined;
    const passwordReset = typeof body === 'object' && body !== null ? (body as Record<string, unknown>).passwordReset : undefined;
    return { passwordReset: passwordReset === true };
  } catch {
    return { passwordReset: false };
  }
}

/** better-auth e-mails a reset link when the address has an account, and answers the same either way. */
export const requestPasswordReset = (email: string) => postAuth('request-password-reset', { email });

/** Sets the new password with the token from the e-mailed link (better-auth signs out every session). */
export const resetPassword = (token: string, newPassword: string) => postAuth('reset-password', { token, newPassword });
