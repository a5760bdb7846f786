import { xWeightedLength } from '@shared/domain/text-length';
import { mediaKind } from './media-routes';
import type { XCall, XReply } from './x-call';
import { DUPLICATE_DETAIL, XRefusal, invalidRequest } from './x-errors';
import { X_USER, type PublishedPost, type XState } from './x-state';

/**
 * GET /2/users/me (docs.x.com/x-api/users/get-my-user), POST /2/tweets (docs.x.com/x-api/posts/create-post:
 * text, media.media_ids (1 to 4), reply.in_reply_to_tweet_id, reply_settings one of following,
 * mentionedUsers, subscribers, verified; 201 with data.id, data.text, edit_history_tweet_ids) and
 * GET /2/users/:id/tweets (docs.x.com/x-api/users/get-posts: newest first, max_results 5..100,
 * since_id, start_time, tweet.fields=created_at; meta.result_count, newest_id, oldest_id).
 * Text over 280 weighted characters (twitter-text's rules, counting-characters page) is refused with
 * 400 invalid-request (the words are the stand-in's). A text the same account already posted gets the
 * documented 403 duplicate refusal (X's window is not documented: the stand-in refuses any repeat).
 * Media must be this account's, finalized and processed (a video alone, not mixed with images).
 */
const REPLY_SETTINGS = ['following', 'mentionedUsers', 'subscribers', 'verified'];
const MAX_WEIGHTED = 280;

export function createPostRoutes(state: XState) {
  const me = (): XReply => ({ status: 200, json: { data: { ...X_USER } } });

  const mediaOf = (ids: unknown): string[] => {
    if (ids === undefined) return [];
    if (!Array.isArray(ids) || ids.length < 1 || ids.length > 4 || ids.some((id) => typeof id !== 'string' || !/^\d{1,19}$/.test(id)))
      throw invalidRequest('media.media_ids must hold 1 to 4 media ids.', 'media.media_ids');
    const uploads = ids.map((id: string) => state.uploads.get(id));
    if (uploads.some((upload) => !upload || upload.state !== 'succeeded' || upload.expiresAt <= state.now().getTime()))
      throw invalidRequest('Your media IDs are invalid.', 'media.media_ids');
    if (uploads.length > 1 && uploads.some((upload) => mediaKind(upload!) !== 'image'))
      throw invalidRequest('A video or GIF must be the only media of a post.', 'media.media_ids');
    return ids as string[];
  };

  const create = (call: XCall): XReply => {
    const body = call.json;
    if (typeof body !== 'object' || body === null || Array.isArray(body)) throw invalidRequest('The request body must be a JSON object.');
    const { text, media, reply, reply_settings: replySettings } = body as Record<string, unknown>;
    if (text !== undefined && typeof text !== 'string') throw invalidRequest('text must be a string.', 'text');
    const mediaIds = mediaOf((media as { media_ids?: unknown } | undefined)?.media_ids);
    if (!text && mediaIds.length === 0) throw invalidRequest('A post needs text or media.', 'text');
    if (text && xWeightedLength(text, MAX_WEIGHTED + 1) > MAX_WEIGHTED) throw invalidRequest('The text is longer than 280 characters.', 'text');
    if (replySettings !== undefined && !REPLY_SETTINGS.includes(String(replySettings)))
      throw invalidRequest('reply_settings is not one of the allowed values.', 'reply_settings');
    const inReplyTo = (reply as { in_reply_to_tweet_id?: unknown } | undefined)?.in_reply_to_tweet_id;
    if (inReplyTo !== undefined && !state.published.some((post) => post.id === inReplyTo))
      throw invalidRequest('The post you are replying to does not exist.', 'reply.in_reply_to_tweet_id');
    if (text && state.published.some((post) => post.text === text))
      throw new XRefusal(403, { detail: DUPLICATE_DETAIL, type: 'about:blank', title: 'Forbidden', status: 403 });
    const post: PublishedPost = {
      id: state.newId(),
      text: text ?? '',
      mediaIds,
      ...(replySettings === undefined ? {} : { replySettings: String(replySettings) }),
      ...(typeof inReplyTo === 'string' ? { inReplyTo } : {}),
      createdAt: state.now().toISOString(),
    };
    state.published.push(post);
    return { status: 201, json: { data: { id: post.id, text: post.text, edit_history_tweet_ids: [post.id] } } };
  };

  const timeline = (call: XCall, userId: string): XReply => {
    if (userId !== X_USER.id)
      return {
        status: 200,
        json: {
          errors: [
            {
              value: userId,
              detail: `Could not find user with id: [${userId}].`,
              title: 'Not Found Error',
              resource_type: 'user',
              parameter: 'id',
              resource_id: userId,
              type: 'https://api.x.com/2/problems/resource-not-found',
            },
          ],
        },
      };
    const max = Number(call.query.get('max_results') ?? 10);
    if (!Number.isInteger(max) || max < 5 || max > 100) throw invalidRequest('max_results must be 5 to 100.', 'max_results');
    const since = call.query.get('since_id');
    const start = call.query.get('start_time');
    const fields = (call.query.get('tweet.fields') ?? '').split(',');
    const posts = [...state.published]
      .reverse()
      .filter((post) => !since || BigInt(post.id) > BigInt(since))
      .filter((post) => !start || post.createdAt >= new Date(start).toISOString())
      .slice(0, max);
    if (posts.length === 0) return { status: 200, json: { meta: { result_count: 0 } } };
    const data = posts.map((post) => ({
      id: post.id,
      text: post.text,
      edit_history_tweet_ids: [post.id],
      ...(fields.includes('created_at') ? { created_at: post.createdAt } : {}),
      ...(fields.includes('attachments') && post.mediaIds.length > 0
        ? { attachments: { media_keys: post.mediaIds.map((id) => state.uploads.get(id)!.mediaKey) } }
        : {}),
    }));
    return { status: 200, json: { data, meta: { result_count: data.length, newest_id: data[0]!.id, oldest_id: data.at(-1)!.id } } };
  };

  return { me, create, timeline };
}
