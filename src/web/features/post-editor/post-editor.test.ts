import { describe, expect, it } from 'vitest';
import type { PostVersion } from '@shared/schemas/post';
import { monthBounds, postDay, relativeTime } from './format';
import { checkMediaFile } from './hooks/use-media-uploads';
import { copyableText } from './components/post-content-section';
import { normaliseHashtag } from './components/hashtags-field';
import { mediaLabels } from './components/media-previews';
import { describeVersion } from './components/version-history';

describe('post editor helpers', () => {
  it('describes a post day the way the drawer header shows it', () => {
    expect(postDay('2026-12-05T12:00:00Z')).toEqual({
      day: '2026-12-05',
      monthAbbreviation: 'Dec',
      dayNumber: 5,
      weekday: 'Saturday',
      longDate: 'December 5, 2026',
    });
  });

  it('gives the first and last day of a month for the date field, leap years included', () => {
    expect(monthBounds('2028-2')).toEqual({ min: '2028-02-01', max: '2028-02-29' });
    expect(monthBounds('2026-12')).toEqual({ min: '2026-12-01', max: '2026-12-31' });
    expect(monthBounds('nonsense')).toBeNull();
  });

  it('words times relative to now', () => {
    const now = new Date('2026-12-05T12:00:00Z');
    expect(relativeTime('2026-12-05T11:59:50Z', now)).toBe('just now');
    expect(relativeTime('2026-12-05T11:55:00Z', now)).toBe('5 minutes ago');
    expect(relativeTime('2026-12-04T12:00:00Z', now)).toBe('yesterday');
  });

  it('turns typed hashtags into one-word tags with a single leading #', () => {
    expect(normaliseHashtag('spring')).toBe('#spring');
    expect(normaliseHashtag(' ##spring ')).toBe('#spring');
    expect(normaliseHashtag('two words')).toBeNull();
    expect(normaliseHashtag('#')).toBeNull();
  });

  it('copies the hashtags along only when the text does not already carry them', () => {
    expect(copyableText('Hello', ['#a', '#b'])).toBe('Hello\n\n#a #b');
    expect(copyableText('Hello #a', ['#a'])).toBe('Hello #a');
    expect(copyableText('Hello', [])).toBe('Hello');
  });

  it('refuses files that are too large or not an image or video before sending them', () => {
    const file = (name: string, type: string, size: number) => ({ name, type, size }) as File;
    expect(checkMediaFile(file('a.png', 'image/png', 1000))).toBeNull();
    expect(checkMediaFile(file('a.mp4', 'video/mp4', 10 * 1024 * 1024))).toBeNull();
    expect(checkMediaFile(file('big.png', 'image/png', 10 * 1024 * 1024 + 1))).toBe('"big.png" is too large (10.0 MB). Files can be up to 10MB.');
    expect(checkMediaFile(file('notes.txt', 'text/plain', 10))).toMatch(/not a supported file type/);
  });

  it('numbers media per kind', () => {
    expect(
      mediaLabels([
        { type: 'image', url: 'a' },
        { type: 'video', url: 'b' },
        { type: 'image', url: 'c' },
      ]),
    ).toEqual(['Image 1', 'Video 1', 'Image 2']);
  });

  it('labels versions by what replaced them', () => {
    const version = (replacedBy: PostVersion['replacedBy'], instruction: string | null): PostVersion => ({
      id: 'v',
      postId: 'p',
      content: 'old',
      hashtags: [],
      replacedBy,
      instruction,
      createdAt: '2026-12-01T00:00:00Z',
    });
    expect(describeVersion(version('edit', null))).toBe('Edited');
    expect(describeVersion(version('rewrite', 'Make it shorter'))).toBe('Rewritten: "Make it shorter"');
    expect(describeVersion(version('restore', null))).toBe('Restored');
  });
});
