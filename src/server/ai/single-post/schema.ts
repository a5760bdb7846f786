/** Reading the single-post reply: one post object, checked like a month post against its day. */
import { targetPlatforms } from '@shared/domain/slot-planner';
import { postTypeOn } from '@shared/domain/networks';
import { CONTENT_TYPES, CONTENT_TYPE_POST_TYPE, POST_TYPES, type Platform, type PostType } from '@shared/domain/options';
import type { WrittenPost } from '@shared/schemas/post';
import { readPostForSlot } from '../month-plan/schema';
import type { SinglePostInput } from '../writer';
import type { SinglePostDetails } from './prompt';

/** The post in a reply: the object itself, or the first of `post` / `posts[]` when wrapped. */
export function postOfReply(reply: unknown): unknown {
  if (!reply || typeof reply !== 'object') return undefined;
  const wrapped = reply as { post?: unknown; posts?: unknown };
  if (wrapped.post && typeof wrapped.post === 'object') return wrapped.post;
  if (Array.isArray(wrapped.posts)) return wrapped.posts[0];
  return reply;
}

/** What the model may choose from: the given platform and type, else the strategy's types or all. */
export function singlePostDetails(input: SinglePostInput, noonDate: string): SinglePostDetails {
  const chosenTypes = CONTENT_TYPES.filter((type) => input.strategy?.contentTypes.includes(type)).map((type) => CONTENT_TYPE_POST_TYPE[type]);
  const holiday = input.strategy?.includeHolidays ? input.strategy.selectedHolidays.find((entry) => entry.date === noonDate.slice(0, 10)) : undefined;
  return {
    date: noonDate.slice(0, 10),
    weekday: new Date(noonDate).toLocaleDateString('en-US', { weekday: 'long', timeZone: 'UTC' }),
    platform: input.platform ?? null,
    platforms: input.platform ? [input.platform] : targetPlatforms(input.strategy),
    type: input.type ?? null,
    // On a fixed network, only the types it can carry (Google Business Profile: no video or carousel).
    types: [
      ...new Set(
        (input.type ? [input.type] : chosenTypes.length > 0 ? chosenTypes : [...POST_TYPES]).map((type) =>
          input.platform ? postTypeOn(input.platform, type) : type,
        ),
      ),
    ],
    holiday: holiday?.name ?? null,
  };
}

function field(item: unknown, name: 'platform' | 'type'): string {
  const value = item && typeof item === 'object' ? (item as Record<string, unknown>)[name] : undefined;
  return typeof value === 'string' ? value.trim().toLowerCase() : '';
}

export function readSinglePost(item: unknown, details: SinglePostDetails): { post: WrittenPost } | { problem: string } {
  if (item === undefined) return { problem: 'the answer held no post' };
  const platform = details.platform ?? (details.platforms.find((entry) => entry === field(item, 'platform')) as Platform | undefined);
  if (!platform) return { problem: `the platform must be one of ${details.platforms.join(', ')}` };
  const type = details.type ?? (details.types.find((entry) => entry === field(item, 'type')) as PostType | undefined);
  if (!type) return { problem: `the type must be one of ${details.types.join(', ')}` };
  const outcome = readPostForSlot(item, { date: `${details.date}T12:00:00Z`, platform, type: postTypeOn(platform, type) });
  return 'post' in outcome ? outcome : { problem: outcome.problem };
}
