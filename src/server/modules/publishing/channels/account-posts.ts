import { AtpAgent } from '@atproto/api';
import { VOICE_EXAMPLE_MAX_LENGTH } from '@shared/schemas/voice';
import { AppError } from '../../../errors';
import { checkedFetch, outboundFailureOf, type BlueskyCredentials } from './bluesky-agent';
import type { MastodonCredentials } from './mastodon';
import { sendOutbound, type OutboundPolicy } from '../outbound';
import type { NewVoiceExample } from '../../voice/voice-repository';

/** Reading a connected account's latest own posts, as examples of the brand's voice (modules/voice). */

/** How many of an account's latest posts are read (Mastodon's most per page is 40). */
const READ_COUNT = 40;

const clip = (text: string) => text.trim().slice(0, VOICE_EXAMPLE_MAX_LENGTH);

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

const cannotRead = (network: string, why: string) =>
  new AppError('unavailable', `Could not read the posts of this ${network} account: ${why}. Check the connection in Settings, then try again.`);

/** The account's latest own posts (no reposts or replies) on Bluesky, read from its repository through the outbound guard. */
export async function readBluesky(credentials: BlueskyCredentials, policy: OutboundPolicy): Promise<NewVoiceExample[]> {
  try {
    const agent = new AtpAgent({ service: credentials.serviceUrl, fetch: checkedFetch(policy) });
    await agent.login({ identifier: credentials.handle, password: credentials.appPassword });
    // The repository itself (com.atproto.repo.listRecords) answers on any PDS, with or without an AppView.
    const page = await agent.com.atproto.repo.listRecords({ repo: agent.session!.did, collection: 'app.bsky.feed.post', limit: READ_COUNT });
    return page.data.records.flatMap((record) => {
      const value = record.value as { text?: unknown; createdAt?: unknown; reply?: unknown };
      if (typeof value.text !== 'string' || value.text.trim() === '' || value.reply) return [];
      const createdAt = typeof value.createdAt === 'string' && !Number.isNaN(Date.parse(value.createdAt)) ? new Date(value.createdAt).toISOString() : null;
      return [{ text: clip(value.text), network: 'bluesky' as const, source: 'bluesky' as const, sourceId: record.uri, publishedAt: createdAt }];
    });
  } catch (error) {
    const failure = outboundFailureOf(error);
    throw cannotRead('Bluesky', failure ? failure.result.reason : 'Bluesky refused the sign-in or the request');
  }
}

/** The account's latest own statuses on Mastodon (GET /api/v1/accounts/:id/statuses, no boosts or replies). */
export async function readMastodon(credentials: MastodonCredentials, policy: OutboundPolicy): Promise<NewVoiceExample[]> {
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
    const publishedAt =
      typeof status.created_at === 'string' && !Number.isNaN(Date.parse(status.created_at)) ? new Date(status.created_at).toISOString() : null;
    return [{ text: clip(text), network: 'mastodon' as const, source: 'mastodon' as const, sourceId: status.id, publishedAt }];
  });
}

/** The latest posts of a connected account, read with its opened credentials; null for a kind that cannot be read. */
export function readAccountPosts(kind: string, credentials: unknown, policy: OutboundPolicy): Promise<NewVoiceExample[]> | null {
  if (kind === 'bluesky') return readBluesky(credentials as BlueskyCredentials, policy);
  if (kind === 'mastodon') return readMastodon(credentials as MastodonCredentials, policy);
  return null;
}
