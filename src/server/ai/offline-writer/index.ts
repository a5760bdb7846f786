/**
 * The built-in template writer: used when no AI provider is configured, so the app works out of the
 * box with no key and no network. Deterministic: each post is seeded by its date and platform.
 */
import { normaliseToNoonUtc } from '@shared/domain/months';
import { postTypeOn } from '@shared/domain/networks';
import { CONTENT_TYPES, CONTENT_TYPE_POST_TYPE, type CallToAction, type PostType } from '@shared/domain/options';
import { targetPlatforms, type PostSlot } from '@shared/domain/slot-planner';
import type { WrittenPost } from '@shared/schemas/post';
import { parseHashtags, type Strategy } from '@shared/schemas/strategy';
import { MESSAGES, WriterError } from '../errors';
import { fitToPlatform } from '../platform-fit';
import { openingOf, slotAngles, strategyThemes, varyMonth } from '../variety';
import type { Writer } from '../writer';
import { FALLBACK_THEMES } from './phrases';
import { rewriteWithHeuristics } from './rewrite';
import { brandOf, composePost, type Brand } from './templates';
import { hashSeed, seededRandom } from './text-tools';
import { applyHabits, learnHabits, withOpening, type VoiceHabits } from './voice-habits';

export const OFFLINE_WRITER_LABEL = 'Built-in template writer (not AI)';

/** Key themes as typed (one per comma, semicolon or line), else themes that fit the industry. */
export function themesOf(strategy: Strategy | null, brand: Brand): string[] {
  // A theme needs a letter or digit to be written about ("--" or ",," are not themes).
  const typed = strategyThemes(strategy).filter((theme) => /[\p{L}\p{N}]/u.test(theme));
  return typed.length > 0 ? typed : FALLBACK_THEMES[brand.industry];
}

/** Strategy hashtags that are valid single words (the post schema rejects others). */
function strategyHashtags(strategy: Strategy | null): string[] {
  return parseHashtags(strategy?.hashtags ?? '').filter((tag) => /^#[^\s#,]{1,98}$/u.test(tag));
}

function throwIfAborted(signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw new WriterError(MESSAGES.aborted, 'aborted');
}

/** `usable` rejects a text the month cannot take (same as the previous post, or an opening already used). */
function writeSlot(
  brand: Brand,
  strategy: Strategy | null,
  slot: PostSlot,
  cta: CallToAction | null,
  theme: string,
  usable: (content: string) => boolean,
  habits: VoiceHabits | null = null,
): WrittenPost {
  const request = {
    slot,
    theme,
    cta,
    useEmojis: strategy?.useEmojis ?? true,
    strategyHashtags: strategyHashtags(strategy),
  };
  const seed = hashSeed(`${slot.date}|${slot.platform}`);
  // The brand's habits (voice examples) are applied with each draft, so `usable` sees the final text.
  const draft = (attempt: number) => {
    const random = seededRandom(seed + attempt);
    return applyHabits(composePost(brand, request, random), habits, random, request.useEmojis);
  };
  let post = draft(0);
  // Other seeds give other wording: try a few before the month's last resort (a lead-in, see variety.ts).
  for (let attempt = 1; attempt < 10 && !usable(post.content); attempt++) post = draft(attempt);
  // Composed within the platform's characters; this also holds it to X's own count (links, emoji, CJK).
  return fitToPlatform(post).post;
}

export function createOfflineWriter(): Writer {
  return {
    kind: 'offline',
    label: OFFLINE_WRITER_LABEL,

    async writeMonth(context, slots, options = {}) {
      throwIfAborted(options.signal);
      const brand = brandOf(context.profile);
      const themes = themesOf(context.strategy, brand);
      const habits = learnHabits(context.voice ?? []);
      // Themes and calls to action rotate in order so every one the user chose is used.
      const angles = slotAngles(slots, themes, context.strategy.selectedCTAs);
      const written: WrittenPost[] = [];
      const openings = new Set((options.avoidOpenings ?? []).map(openingOf));
      slots.forEach((slot, index) => {
        const theme = angles[index]!.theme ?? themes[index % themes.length]!;
        const previous = written.at(-1)?.content;
        const post = writeSlot(
          brand,
          context.strategy,
          slot,
          angles[index]!.cta,
          theme,
          (content) => content !== previous && !openings.has(openingOf(content)),
          habits,
        );
        openings.add(openingOf(post.content));
        written.push(post);
      });
      const shortened = new Set<number>();
      const posts = (varyMonth(written, options.avoidOpenings ?? [], shortened) as WrittenPost[]).map((post) =>
        habits ? fitToPlatform(withOpening(post, habits, seededRandom(hashSeed(`opening|${post.date}|${post.platform}`)))).post : post,
      );
      throwIfAborted(options.signal);
      if (posts.length > 0)
        options.onPosts?.(
          posts,
          posts.map((_post, index) => index),
        );
      return { posts, problems: [], shortened: [] };
    },

    async rewritePost(input, signal) {
      throwIfAborted(signal);
      // Held to the platform's own count too (on X, links, emoji and CJK characters weigh more).
      return fitToPlatform({ platform: input.platform, content: rewriteWithHeuristics(input), hashtags: [] }).post.content;
    },

    async testConnection() {
      // Nothing to connect to: the template writer runs in this process.
    },

    async writeSinglePost(input, signal) {
      throwIfAborted(signal);
      const date = normaliseToNoonUtc(input.date);
      if (date === null) throw new RangeError(`Not a date: ${input.date}`);
      const seed = hashSeed(`${date}|${input.prompt}`);
      const chosenTypes = CONTENT_TYPES.filter((type) => input.strategy?.contentTypes.includes(type)).map((type) => CONTENT_TYPE_POST_TYPE[type]);
      const types: PostType[] = chosenTypes.length > 0 ? chosenTypes : ['text', 'image'];
      const holiday = input.strategy?.includeHolidays ? input.strategy.selectedHolidays.find((entry) => entry.date === date.slice(0, 10)) : undefined;
      const platforms = targetPlatforms(input.strategy);
      const platform = input.platform ?? platforms[seed % platforms.length]!;
      const slot: PostSlot = {
        date,
        platform,
        type: postTypeOn(platform, input.type ?? types[seed % types.length]!),
        ...(holiday ? { holiday: holiday.name } : {}),
      };
      const brand = brandOf(input.profile);
      const themes = themesOf(input.strategy, brand);
      const theme = input.prompt.trim() || themes[seed % themes.length]!;
      const ctas = input.strategy?.selectedCTAs ?? [];
      const habits = learnHabits(input.voice ?? []);
      const post = writeSlot(brand, input.strategy, slot, ctas.length > 0 ? ctas[seed % ctas.length]! : null, theme, () => true, habits);
      return habits ? fitToPlatform(withOpening(post, habits, seededRandom(seed))).post : post;
    },
  };
}
