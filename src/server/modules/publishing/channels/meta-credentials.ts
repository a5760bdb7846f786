import { z } from 'zod';

/**
 * What each Meta connection seals (oauth/ makes them, the channels read them). Tokens never leave the
 * server: not in an answer, a log or a URL. A token's expiry is kept on the connection (`tokenExpiresAt`).
 */

/** A Facebook Page: its id and the Page access token (made from a long-lived user token, it does not expire). */
export const facebookCredentialsSchema = z.object({ pageId: z.string().min(1), pageToken: z.string().min(1) });
export type FacebookCredentials = z.infer<typeof facebookCredentialsSchema>;

/**
 * An Instagram professional account: through Facebook Login (`api: 'facebook'`, the token is the linked
 * Page's, on graph.facebook.com) or Instagram Login (`api: 'instagram'`, the account's own long-lived
 * token on graph.instagram.com, refreshed before its 60 days end).
 */
export const instagramCredentialsSchema = z.object({
  igUserId: z.string().min(1),
  accessToken: z.string().min(1),
  api: z.enum(['facebook', 'instagram']),
});
export type InstagramCredentials = z.infer<typeof instagramCredentialsSchema>;

/** A Threads profile: its id and long-lived token (60 days, refreshed ahead of expiry). */
export const threadsCredentialsSchema = z.object({ threadsUserId: z.string().min(1), accessToken: z.string().min(1) });
export type ThreadsCredentials = z.infer<typeof threadsCredentialsSchema>;
