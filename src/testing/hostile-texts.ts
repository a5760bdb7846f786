/** Texts that test the counters and the paths that count, shared by the unit and the API tests. */
import { POST_LIMITS } from '@shared/schemas/post';

/** `length` characters of `unit` over and over (cut to length: the last unit may be a part). */
export const run = (unit: string, length: number = POST_LIMITS.content) => unit.repeat(Math.ceil(length / unit.length)).slice(0, length);

/**
 * The worst text of each class at the largest allowed size: long runs a backtracking link pattern or a
 * segmenter scans again from every character (the old link pattern took 4.5 s on the accented run).
 */
export const HOSTILE_TEXTS: Record<string, string> = {
  accented: run('é'),
  'accented labels': run('éé.'),
  'accented host after a scheme': `http://${run('é.', POST_LIMITS.content - 7)}`,
  'ASCII letters': run('a'),
  'dotted letters': run('a.'),
  'hyphenated labels': run('a-'),
  'a mention server': `@a@${run('a.', POST_LIMITS.content - 3)}`,
  CJK: run('日'),
  emoji: run('👍🏽'),
  flags: run('🇫'),
  'one letter with every combining mark': `a${run('\u0301', POST_LIMITS.content - 1)}`,
  'letters with a combining mark each': run('e\u0301'),
  'emoji joined by ZWJ': run('👨\u200d'),
};

/** The most hashtags a post takes, each as long as a hashtag may be, in accented letters. */
export const LONGEST_HASHTAGS = Array.from(
  { length: POST_LIMITS.hashtags },
  (_, index) => `#${run('é', POST_LIMITS.hashtag - 4)}${String(index).padStart(3, '0')}`,
);
