import type { Credentials } from '@shared/schemas/auth';
import { postAuth } from '../../../lib/auth-client';

/**
 * Sign-in and sign-up for the login page, without the query cache: the page is its own document and
 * moves to the app with a full page load, which reads the new session from the server.
 */
export const signIn = (credentials: Credentials) => postAuth('sign-in/email', { ...credentials, rememberMe: true });

export const signUp = (credentials: Credentials) => postAuth('sign-up/email', { ...credentials, name: '' });
