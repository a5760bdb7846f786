import { z } from 'zod';
import { EMAIL_MAX, PASSWORD_MAX, PASSWORD_MIN } from '../domain/account';

export { PASSWORD_MAX, PASSWORD_MIN };

export const credentialsSchema = z.object({
  email: z.email('Enter a valid email address.').max(EMAIL_MAX),
  password: z.string().min(1, 'Enter your password.').max(PASSWORD_MAX),
});
export type Credentials = z.infer<typeof credentialsSchema>;

/** Deleting the account always takes the password, however fresh the session. */
const PASSWORD_TO_DELETE = 'Enter your password to delete your account.';
export const deleteAccountSchema = z.object({
  password: z.string({ error: PASSWORD_TO_DELETE }).min(1, PASSWORD_TO_DELETE).max(PASSWORD_MAX, PASSWORD_TO_DELETE),
});
export type DeleteAccount = z.infer<typeof deleteAccountSchema>;

/** What the login page offers (GET /api/login-options, no session needed). */
export const loginOptionsSchema = z.object({
  /** "Forgot password?": the server e-mails reset links (SMTP configured). */
  passwordReset: z.boolean(),
});
export type LoginOptions = z.infer<typeof loginOptionsSchema>;
