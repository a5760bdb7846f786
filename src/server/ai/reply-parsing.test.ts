import { describe, expect, it } from 'vitest';
import type { PostSlot } from '@shared/domain/slot-planner';
import { WriterError } from './errors';
import { parseJsonReply } from './json-reply';
import { normaliseHashtags, postsOfReply, readMonthReply } from './month-plan/schema';
import { checkRewrite, cleanRewriteReply } from './rewrite-post/schema';

const slots: PostSlot[] = [
  { date: '2026-12-01T12:00:00Z', platform: 'facebook', type: 'text' },
  { date: '2026-12-03T12:00:00Z', platform: 'twitter', type: 'image' },
];
const post = (overrides: Record<string, unknown> = {}) => ({ content: 'Hello there.', mediaPrompt: '', hashtags: ['#hi'], ...overrides });

describe('parseJsonReply', () => {
  it('reads plain, fenced, chatty and thinking replies', () => {
    expect(parseJsonReply('{"posts":[]}')).toEqual({ posts: [] });
    expect(parseJsonReply('```json\n{"posts":[1]}\n```')).toEqual({ posts: [1] });
    expect(parseJsonReply('Sure! Here it is: {"a":1} Enjoy.')).toEqual({ a: 1 });
    expect(parseJsonReply('<think>maybe {x}</think>\n{"a":2}')).toEqual({ a: 2 });
  });

  it('throws invalid_reply for text that is not JSON', () => {
    expect(() => parseJsonReply('{"posts": [')).toThrow(WriterError);
    expect(() => parseJsonReply('no json here')).toThrow('The AI provider answered with something that is not valid JSON.');
  });
});

describe('month reply', () => {
  it('treats a reply without a posts list as empty, and accepts a bare list', () => {
    expect(postsOfReply({ ideas: [] })).toEqual([]);
    expect(postsOfReply(null)).toEqual([]);
    expect(postsOfReply([1, 2])).toEqual([1, 2]);
  });

  it('matches posts by slot number, then in order, taking the slot date', () => {
    const bySlot = readMonthReply({ posts: [post({ slot: 2, date: '2026-12-03', mediaPrompt: 'A photo' }), post({ slot: '1' })] }, slots);
    expect(bySlot.map((outcome) => ('post' in outcome ? outcome.post.date : outcome.problem))).toEqual(slots.map((slot) => slot.date));
    const inOrder = readMonthReply({ posts: [post({ date: 'December 3, 2026' }), post({ date: '2026-12-01T08:00:00Z', mediaPrompt: 'A photo' })] }, slots);
    expect(inOrder.map((outcome) => 'post' in outcome && [outcome.post.platform, outcome.post.date])).toEqual(slots.map((slot) => [slot.platform, slot.date]));
  });

  // The slot owns date, platform and type: echoed values that disagree are corrected, never a reason to drop the post.
  it('corrects a post echoed for another day, platform or type from its slot, and reports a missing one', () => {
    const [wrongDay, missing] = readMonthReply({ posts: [post({ slot: 1, date: '2026-12-02' })] }, slots);
    expect(wrongDay).toEqual({ post: expect.objectContaining({ date: slots[0]!.date, platform: 'facebook', type: 'text' }) });
    expect(missing).toEqual({ problem: 'the AI provider did not write it' });
    const [wrongPlatform, wrongType] = readMonthReply(
      { posts: [post({ slot: 1, platform: 'tiktok', type: 7 }), post({ slot: 2, type: 'text', platform: null, date: 'soon', mediaPrompt: 'A photo' })] },
      slots,
    );
    expect(wrongPlatform).toEqual({ post: expect.objectContaining({ platform: 'facebook', type: 'text' }) });
    expect(wrongType).toEqual({ post: expect.objectContaining({ date: slots[1]!.date, platform: 'twitter', type: 'image' }) });
  });

  it('rejects a visual post without a media description', () => {
    const [, image] = readMonthReply({ posts: [post({ slot: 1 }), post({ slot: 2, mediaPrompt: ' ' })] }, slots);
    expect(image).toEqual({ problem: 'the AI provider gave no description of the picture for this image post' });
  });

  it('accepts case differences and tidies hashtags', () => {
    const [outcome] = readMonthReply({ posts: [post({ slot: 1, platform: 'Facebook', type: 'TEXT', hashtags: '#a, b c,#a', mediaPrompt: null })] }, slots);
    expect(outcome).toEqual({
      post: { date: slots[0]!.date, platform: 'facebook', type: 'text', content: 'Hello there.', mediaPrompt: '', hashtags: ['#a', '#b', '#c'] },
    });
    expect(normaliseHashtags(['#dental care', 42, '', '##x'])).toEqual(['#dentalcare', '#x']);
  });

  it('rejects empty text and twitter posts over 280 characters', () => {
    const [empty, long] = readMonthReply(
      { posts: [post({ slot: 1, content: '  ' }), post({ slot: 2, content: 'x'.repeat(281), hashtags: [], mediaPrompt: 'A photo' })] },
      slots,
    );
    expect(empty).toEqual({ problem: expect.stringContaining('not valid') });
    expect(long).toEqual({ problem: expect.stringContaining('281 characters'), overLong: expect.objectContaining({ platform: 'twitter' }) });
  });
});

describe('rewrite reply', () => {
  it('drops fences, labels, quotes and thinking', () => {
    expect(cleanRewriteReply('```\nNew text.\n```')).toBe('New text.');
    expect(cleanRewriteReply('Here is the rewritten post: "New text."')).toBe('New text.');
    expect(cleanRewriteReply('<think>hmm</think>New text.')).toBe('New text.');
    expect(cleanRewriteReply('"Quoted" words stay')).toBe('"Quoted" words stay');
  });

  it('rejects empty, unchanged and too long texts', () => {
    expect(checkRewrite('  ', 'Old.', 'facebook')).toEqual({ problem: 'the answer was empty' });
    expect(checkRewrite('Old.', 'Old.', 'facebook')).toEqual({ problem: 'the text was the same as the original' });
    expect(checkRewrite('x'.repeat(300), 'Old.', 'twitter')).toEqual({ problem: expect.stringContaining('280') });
    expect(checkRewrite('New.', 'Old.', 'twitter')).toEqual({ text: 'New.' });
    // X counts a link as 23 characters, however long it is.
    const withLink = `Read this: https://example.com/${'a'.repeat(300)}`;
    expect(checkRewrite(withLink, 'Old.', 'twitter')).toEqual({ text: withLink });
    expect(checkRewrite('🎉'.repeat(141), 'Old.', 'twitter')).toEqual({ problem: expect.stringContaining('282 characters') });
  });
});
