/**
 * Variety across a month, for both writers: each slot is given a theme and a call to action in
 * rotation (so each is used once before any repeats), and no two posts may open with the same first
 * five words, nor with the openings of the posts a regenerated month replaces.
 */
import type { CallToAction } from '@shared/domain/options';
import type { PostSlot } from '@shared/domain/slot-planner';
import type { WrittenPost } from '@shared/schemas/post';
import type { Strategy } from '@shared/schemas/strategy';
import { fitToPlatform } from './platform-fit';

/** Key themes as typed: one per comma, semicolon or line. */
export function strategyThemes(strategy: Strategy | null): string[] {
  return (strategy?.keyThemes ?? '')
    .split(/[,;\n]+/)
    .map((theme) => theme.trim())
    .filter(Boolean);
}

export interface SlotAngle {
  theme: string | null;
  cta: CallToAction | null;
}

/**
 * A theme and a call to action per slot, each list in rotation. Holiday posts are about the holiday,
 * so they take no theme and the rotation of themes skips them.
 */
export function slotAngles(slots: PostSlot[], themes: string[], ctas: readonly CallToAction[]): SlotAngle[] {
  let themeTurn = 0;
  return slots.map((slot, index) => ({
    theme: themes.length === 0 || slot.holiday ? null : themes[themeTurn++ % themes.length]!,
    cta: ctas.length === 0 ? null : ctas[index % ctas.length]!,
  }));
}

/** The first five words, lower case, without punctuation or emoji: what "opens the same" compares. */
export function openingOf(content: string): string {
  // Five words fit in the first 200 characters of any sensible text; posts can be 63,206 long.
  return content
    .slice(0, 200)
    .toLowerCase()
    .split(/[^\p{L}\p{N}']+/u)
    .filter(Boolean)
    .slice(0, 5)
    .join(' ');
}

const LEAD_INS = [
  'Quick note:',
  'This week:',
  'Good to know:',
  'From our team:',
  'Worth a look:',
  'A thought for today:',
  'Here is one for you:',
  'On our mind lately:',
  'Fresh from us:',
  'Something to share:',
  'A small reminder:',
  'Today at a glance:',
];

/**
 * Indexes of posts that open like an earlier post of the month or like one of `avoid`, in order; the
 * first post with an opening keeps it.
 */
export function repeatedOpenings(contents: (string | null)[], avoid: readonly string[] = []): number[] {
  const seen = new Set(avoid.map(openingOf).filter(Boolean));
  const repeated: number[] = [];
  contents.forEach((content, index) => {
    if (content === null) return;
    const opening = openingOf(content);
    if (opening !== '' && seen.has(opening)) repeated.push(index);
    else seen.add(opening);
  });
  return repeated;
}

/** Lead-ins to try, one then two of them: enough distinct starts for any month. */
const LEAD_IN_CHOICES = [...LEAD_INS, ...LEAD_INS.flatMap((first) => LEAD_INS.filter((second) => second !== first).map((second) => `${first} ${second}`))];

/**
 * Gives every repeated opening a new start: a short lead-in before the post's own words, a different
 * one for each post it is used on. The caller fits the texts to their platforms afterwards (a cut
 * keeps the start).
 */
export function varyOpenings(contents: (string | null)[], avoid: readonly string[] = []): (string | null)[] {
  const result = [...contents];
  const seen = new Set([...avoid, ...contents.filter((text): text is string => text !== null)].map(openingOf));
  let turn = 0;
  for (const index of repeatedOpenings(contents, avoid)) {
    for (let tries = 0; tries < LEAD_IN_CHOICES.length; tries++) {
      const text = `${LEAD_IN_CHOICES[turn++ % LEAD_IN_CHOICES.length]!} ${contents[index]!}`;
      if (seen.has(openingOf(text))) continue;
      seen.add(openingOf(text));
      result[index] = text;
      break;
    }
  }
  return result;
}

/** No two posts open alike (nor like the posts replaced); a lead-in that makes a post too long is cut. */
export function varyMonth(posts: (WrittenPost | null)[], avoid: string[], shortened: Set<number>): (WrittenPost | null)[] {
  const contents = varyOpenings(
    posts.map((post) => post?.content ?? null),
    avoid,
  );
  return posts.map((post, index) => {
    if (post === null || contents[index] === post.content) return post;
    const fitted = fitToPlatform({ ...post, content: contents[index]! });
    if (fitted.shortened) shortened.add(index);
    return fitted.post;
  });
}
