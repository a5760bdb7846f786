import { postTypeOn } from '@shared/domain/networks';
import { planSlots } from '@shared/domain/slot-planner';
import type { Platform, PostType } from '@shared/domain/options';
import type { EvergreenFill, EvergreenFillResult, EvergreenMark } from '@shared/schemas/evergreen';
import type { Post } from '@shared/schemas/post';
import { fitToPlatform } from '../../ai/platform-fit';
import type { Writer } from '../../ai/writer';
import type { Limits } from '../../config';
import { AppError } from '../../errors';
import { fromJsonList } from '../../platform/db/json-columns';
import type { PostsTable } from '../../platform/db/schema';
import { STALE_MESSAGE, type Access } from '../months/access';
import { NEW_PROFILE, type ProfileRepository } from '../profile/profile-repository';
import type { UsageLimits } from '../account/usage-limits';
import type { EvergreenRepository, EvergreenSource } from './evergreen-repository';
import { newPostRow, type PostRepository } from './post-repository';
import { writerFailure } from './post-service';

interface Deps {
  evergreen: EvergreenRepository;
  posts: PostRepository;
  profiles: ProfileRepository;
  access: Access;
  writer: Writer;
  usage: UsageLimits;
  limits: Pick<Limits, 'postsPerMonth'>;
  now?: () => Date;
}

export const NO_STRATEGY_MESSAGE =
  'This month has no saved strategy, so it has no planned days to fill. Save a strategy on the Generate tab first, then fill with evergreen posts.';

/**
 * What the writer is asked, one after another, until its wording matches no post in the month (the
 * built-in writer rewords deterministically, so the same post twice needs a second way of saying it).
 */
const REWORDINGS = [
  'Reword this post so it reads fresh: keep its meaning, facts and links, change the wording.',
  'Reword this post so it reads fresh and make it shorter: keep its meaning, facts and links.',
  'Reword this post in a warmer, more casual tone: keep its meaning, facts and links.',
  'Reword this post and end with a call to action: keep its meaning, facts and links.',
];

const DAY_MS = 86_400_000;
const daysApart = (a: string, b: string) => Math.abs(Date.parse(`${a}T12:00:00Z`) - Date.parse(`${b}T12:00:00Z`)) / DAY_MS;
const normal = (text: string) => text.trim().replace(/\s+/g, ' ').toLowerCase();

/**
 * Evergreen posts: a flag the user sets on a good post, and a fill that brings such posts back,
 * reworded, on a later month's planned days that have no post.
 */
export function createEvergreenService({ evergreen, posts, profiles, access, writer, usage, limits, now = () => new Date() }: Deps) {
  return {
    /**
     * Sets or clears the flag. Allowed on archived months on purpose: the best old posts are in them. It
     * is a flag only: text, schedule and approval stay as they were (docs: evergreen posts).
     */
    async mark(userId: string, postId: string, input: EvergreenMark): Promise<Post> {
      await access.requirePost(userId, postId);
      if (!(await evergreen.mark(userId, postId, input.version, input.evergreen, now().toISOString()))) throw new AppError('stale_version', STALE_MESSAGE);
      return (await posts.find(userId, postId))!;
    },

    /**
     * Puts the user's evergreen posts of earlier months, reworded, on this month's planned days without a
     * post, none within `intervalDays` of another showing of the same post. One AI request per fill
     * (when the AI writer writes), however many posts it rewords. Saved in one transaction that checks
     * the month is writable, re-checks the days are still empty and holds the month's post limit.
     */
    async fill(userId: string, monthId: string, { intervalDays }: EvergreenFill): Promise<EvergreenFillResult> {
      const month = await access.requireMonth(userId, monthId, { writable: true });
      if (!month.strategy) throw new AppError('no_saved_strategy', NO_STRATEGY_MESSAGE);
      const strategy = month.strategy;
      const days = new Map<string, { date: string; platform: Platform; type: PostType }>();
      for (const slot of planSlots({ year: month.year, month: month.month, strategy }))
        if (!days.has(slot.date.slice(0, 10))) days.set(slot.date.slice(0, 10), slot);
      const existing = await posts.listByMonth(userId, monthId);
      const busy = new Set(existing.map((post) => post.date.slice(0, 10)));
      const empty = [...days.entries()].filter(([day]) => !busy.has(day));
      const sources = await evergreen.sourcesBefore(userId, `${month.year}-${String(month.month).padStart(2, '0')}-01`);
      const taken = new Set([...existing, ...sources].map((post) => normal(post.content)));
      const notPlaced = { interval: 0, limit: 0, sameText: 0 };
      let room = limits.postsPerMonth - month.postCount;
      let counted = false;
      const profile = (await profiles.find(userId)) ?? NEW_PROFILE;

      /** The writer's fresh wording of `source` for `platform`, or null when every try matches a post in the month. */
      async function reword(source: EvergreenSource, platform: Platform) {
        if (!counted) await usage.consumeAiRequest(userId);
        counted = true;
        for (const instructions of REWORDINGS) {
          const content = await writer
            .rewritePost({ profile, content: source.content, platform, instructions, useEmojis: strategy.useEmojis })
            .catch(writerFailure);
          const fitted = fitToPlatform({ platform, content, hashtags: fromJsonList<string>(source.hashtags) }).post;
          if (!taken.has(normal(fitted.content))) return fitted;
        }
        return null;
      }

      const rows: PostsTable[] = [];
      for (const [day, slot] of empty) {
        if (room <= 0) {
          notPlaced.limit++;
          continue;
        }
        // Least recently shown first, so the evergreen posts take turns.
        const lastShown = (source: EvergreenSource) => source.shownOn.reduce((latest, shown) => (shown > latest ? shown : latest), '');
        const eligible = sources
          .filter((source) => source.shownOn.every((shown) => daysApart(shown, day) >= intervalDays))
          .sort((a, b) => lastShown(a).localeCompare(lastShown(b)));
        if (eligible.length === 0) {
          notPlaced.interval++;
          continue;
        }
        let placed = false;
        for (const source of eligible) {
          const fitted = await reword(source, slot.platform);
          if (!fitted) continue;
          const written = {
            date: slot.date,
            platform: slot.platform,
            type: postTypeOn(slot.platform, source.type as PostType),
            content: fitted.content,
            hashtags: fitted.hashtags,
            mediaPrompt: source.mediaPrompt,
          };
          // The copy shows the original's files (a file goes only when no post refers to it); no offer or event: those date.
          rows.push({ ...newPostRow(userId, monthId, written, now().toISOString()), media: source.media, evergreenOf: source.id });
          taken.add(normal(fitted.content));
          source.shownOn.push(day);
          room--;
          placed = true;
          break;
        }
        if (!placed) notPlaced.sameText++;
      }

      const saved =
        rows.length === 0
          ? []
          : await access.writeInMonth(userId, monthId, async (repositories) => {
              // Locked first: a post added meanwhile is seen, and the limit counted with it.
              const count = await repositories.posts.lockMonthPostCount(userId, monthId);
              const nowBusy = new Set((await repositories.posts.listByMonth(userId, monthId)).map((post) => post.date.slice(0, 10)));
              const free = rows.filter((row) => !nowBusy.has(row.date.slice(0, 10)));
              const fitting = free.slice(0, Math.max(0, limits.postsPerMonth - count));
              notPlaced.limit += free.length - fitting.length;
              await repositories.posts.insertMany(fitting);
              return fitting;
            });
      return {
        placed: saved.length,
        postIds: saved.map((row) => row.id),
        plannedDays: days.size,
        emptyPlannedDays: empty.length,
        evergreenPosts: sources.length,
        notPlaced,
      };
    },
  };
}

export type EvergreenService = ReturnType<typeof createEvergreenService>;
