import { VOICE_EXAMPLE_MAX_LENGTH } from '@shared/schemas/voice';
import { AppError } from '../../../errors';
import { checkedFetch, loadAtproto, outboundFailureOf, type BlueskyCredentials } from './bluesky-agent';
import { sendOutbound, type OutboundPolicy } from '../outbound';
import type { AccountPost } from './channel';

/** Reading a connected account's latest own posts, as examples of the brand's voice (each channel's `latestPosts`). */

/** How many of an account's latest posts are read (Mastodon's most per page is 40). */
export const READ_COUNT = 40;

export const clip = (text: string) => text.trim().slice(0, VOICE_EXAMPLE_MAX_LENGTH);

/** A time as ISO 8601, or null when the network's is missing or unreadable. */
export const isoOrNull = (time: unknown): string | null => (typeof time === 'string' && !Number.isNaN(Date.parse(time)) ? new Date(time).toISOString() : null);

/** A status's HTML as plain text: paragraphs and line breaks kept, tags dropped, entities read. */
export function htmlToText(html: string): string {
  return html
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/p>\s*<p[^>]*>/gi, '\n\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&apos;/g, "'")
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .trim();
}

export const cannotRead = (network: string, why: string) =>
  new AppError('unavailable', `Could not read the posts of this ${network} account: ${why}. Check the connection in Settings, then try again.`);

/** The account's latest own posts (no reposts or replies) on Bluesky, read from its repository through the outbound guard. */
export async function readBluesky(credentials: BlueskyCredentials, policy: OutboundPolicy): Promise<AccountPost[]> {
  // Outside the try: a client that cannot load is our fault, not the account's.
  const { AtpAgent } = await loadAtproto();
  try {
    const agent = new AtpAgent({ service: credentials.serviceUrl, fetch: checkedFetch(policy) });
    await agent.login({ identifier: credentials.handle, password: credentials.appPassword });
    // The repository itself (com.atproto.repo.listRecords) answers on any PDS, with or without an AppView.
    const page = await agent.com.atproto.repo.listRecords({ repo: agent.session!.did, collection: 'app.bsky.feed.post', limit: READ_COUNT });
    return page.data.records.flatMap((record) => {
      const value = record.value as { text?: unknown; createdAt?: unknown; reply?: unknown };
      if (typeof value.text !== 'string' || value.text.trim() === '' || value.reply) return [];
      return [{ text: clip(value.text), sourceId: record.uri, publishedAt: isoOrNull(value.createdAt) }];
    });
  } catch (error) {
    const failure = outboundFailureOf(error);
    throw cannotRead('Bluesky', failure ? failure.result.reason : 'Bluesky refused the sign-in or the request');
  }
}

/** The account's latest own statuses on Mastodon (GET /api/v1/accounts/:id/statuses, no boosts or replies). */
export async function readMastodon(credentials: { instanceUrl: string; accessToken: string }, policy: OutboundPolicy): Promise<AccountPost[]> {
  const get = async (path: string): Promise<unknown> => {
    const result = await sendOutbound(
      {
        url: `${credentials.instanceUrl}${path}`,
        method: 'GET',
        headers: { authorization: `Bearer ${credentials.accessToken}`, 'user-agent': 'content-planner' },
      },
      policy,
    );
    if (result.reach !== 'answered') throw cannotRead('Mastodon', result.reason);
    if (result.status !== 200)
      throw cannotRead('Mastodon', `the instance answered ${result.status} (the token needs the read:accounts and read:statuses scopes)`);
    try {
      return JSON.parse(result.body) as unknown;
    } catch {
      throw cannotRead('Mastodon', 'its answer was not readable');
    }
  };
  const account = (await get('/api/v1/accounts/verify_credentials')) as { id?: unknown };
  if (typeof account?.id !== 'string') throw cannotRead('Mastodon', 'the instance did not name the account');
  const statuses = await get(`/api/v1/accounts/${encodeURIComponent(account.id)}/statuses?limit=${READ_COUNT}&exclude_reblogs=true&exclude_replies=true`);
  if (!Array.isArray(statuses)) throw cannotRead('Mastodon', 'its answer was not readable');
  return (statuses as { id?: unknown; content?: unknown; created_at?: unknown; reblog?: unknown; in_reply_to_id?: unknown }[]).flatMap((status) => {
    if (typeof status.id !== 'string' || typeof status.content !== 'string' || status.reblog || status.in_reply_to_id) return [];
    const text = htmlToText(status.content);
    if (text === '') return [];
    return [{ text: clip(text), sourceId: status.id, publishedAt: isoOrNull(status.created_at) }];
  });
}
