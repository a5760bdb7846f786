import { describe, expect, it } from 'vitest';
import { postLength } from '@shared/domain/networks';
import { PLATFORM_CHARACTER_LIMITS } from '@shared/domain/options';
import { POST_LIMITS } from '@shared/schemas/post';
import { HOSTILE_TEXTS, LONGEST_HASHTAGS } from '@testing/hostile-texts';
import { fitToPlatform } from './platform-fit';
import { platformLimitsLine } from './prompt-parts';
import { checkRewrite } from './rewrite-post/schema';

/** Tags that fit beside a short text, so the search for the text runs with every one of them kept. */
const SHORT_HASHTAGS = Array.from({ length: POST_LIMITS.hashtags }, (_, index) => `#t${index}`);
const COUNTED = ['twitter', 'bluesky', 'mastodon'] as const;
/** Linear counting fits these in tens of milliseconds; counting the whole text at every step took seconds. */
const WITHIN_MS = 1000;

function timed<T>(work: () => T): { result: T; ms: number } {
  const started = performance.now();
  const result = work();
  return { result, ms: performance.now() - started };
}

describe('fitting hostile text to a network', () => {
  it.each(Object.entries(HOSTILE_TEXTS))('fits %s with the most and the longest hashtags to X, Bluesky and Mastodon in time', (_name, text) => {
    for (const platform of COUNTED) {
      for (const hashtags of [LONGEST_HASHTAGS, SHORT_HASHTAGS]) {
        const { result, ms } = timed(() => fitToPlatform({ platform, content: text, hashtags }));
        expect(ms, `${platform}, ${hashtags[0]!.length}-character tags`).toBeLessThan(WITHIN_MS);
        expect(postLength(platform, result.post.content, result.post.hashtags)).toBeLessThanOrEqual(PLATFORM_CHARACTER_LIMITS[platform]);
      }
    }
  });

  it.each(Object.entries(HOSTILE_TEXTS))("checks a model's rewrite that is %s in time, and refuses it when it is too long", (_name, text) => {
    for (const platform of COUNTED) {
      const { result, ms } = timed(() => checkRewrite(`${text}\nRewritten.`, 'Original.', platform));
      expect(ms, platform).toBeLessThan(WITHIN_MS);
      if ('problem' in result) expect(result.problem).toMatch(/^the text has \d+ characters, more than the \d+/);
      else expect(postLength(platform, result.text)).toBeLessThanOrEqual(PLATFORM_CHARACTER_LIMITS[platform]);
    }
  });
});

describe('hashtag caps of the networks', () => {
  it('keeps at most 5 hashtags on an Instagram post and all 30 on the other networks', () => {
    const tags = Array.from({ length: POST_LIMITS.hashtags }, (_, index) => `#t${index}`);
    const instagram = fitToPlatform({ platform: 'instagram', content: 'A short caption.', hashtags: tags });
    expect(instagram.post.hashtags).toEqual(['#t0', '#t1', '#t2', '#t3', '#t4']);
    expect(instagram.shortened).toBe(true);
    const linkedin = fitToPlatform({ platform: 'linkedin', content: 'A short update.', hashtags: tags });
    expect(linkedin.post.hashtags).toEqual(tags);
    expect(linkedin.shortened).toBe(false);
  });

  it('tells the model at most 5 hashtags for Instagram', () => {
    expect(platformLimitsLine(['instagram'])).toBe('Character limits, hashtags included: Instagram (instagram) 2200: a strong first line; at most 5 hashtags.');
  });
});
