import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PostStreamExtractor } from './post-stream';

const posts = [
  {
    slot: 1,
    date: '2026-12-01T12:00:00Z',
    platform: 'facebook',
    type: 'image',
    content: 'Brace } and bracket ] and "quotes" and \\ backslash {',
    mediaPrompt: 'A {bright} [photo]',
    hashtags: ['#a', '#b'],
  },
  { slot: 2, content: 'Nested', extra: { list: [{ deep: true }, [1, 2]], text: '},{' } },
  { slot: 3, content: 'Unicode: café 😀 \u2028 line', hashtags: [] },
];

/** Feeds `text` in the given pieces; returns every post handed out and after which piece. */
function feed(text: string, cuts: number[]): { items: unknown[]; at: number[] } {
  const extractor = new PostStreamExtractor();
  const items: unknown[] = [];
  const at: number[] = [];
  const bounds = [...new Set(cuts.filter((cut) => cut > 0 && cut < text.length))].sort((a, b) => a - b);
  let start = 0;
  for (const end of [...bounds, text.length]) {
    for (const item of extractor.push(text.slice(start, end))) {
      items.push(item);
      at.push(end);
    }
    start = end;
  }
  return { items, at };
}

describe('PostStreamExtractor', () => {
  it('hands out each post of {"posts":[...]} as soon as its closing brace arrives', () => {
    const text = JSON.stringify({ posts });
    const extractor = new PostStreamExtractor();
    const seen: unknown[] = [];
    for (let i = 0; i < text.length; i++) {
      const found = extractor.push(text[i]!);
      if (found.length > 0) {
        // The post is complete exactly at this character.
        expect(text.slice(0, i + 1).endsWith('}')).toBe(true);
        seen.push(...found);
      }
    }
    expect(seen).toEqual(posts);
  });

  it('gives the same posts however the reply is cut into pieces', () => {
    const text = JSON.stringify({ posts }, null, 2);
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: text.length }), { maxLength: 40 }), (cuts) => {
        expect(feed(text, cuts).items).toEqual(posts);
      }),
    );
  });

  it('reads a bare array, fenced JSON after chatter, and skips a <think> block cut in pieces', () => {
    expect(feed(JSON.stringify(posts), [5, 50]).items).toEqual(posts);
    const fenced = `Sure! Here you go:\n\`\`\`json\n${JSON.stringify({ posts })}\n\`\`\`\nAnything else?`;
    expect(feed(fenced, [3, 12, 40]).items).toEqual(posts);
    const thinking = `<think>Maybe {"posts":[{"slot":9,"content":"no"}]} would do.</think>${JSON.stringify({ posts: posts.slice(0, 1) })}`;
    for (let cut = 0; cut < thinking.length; cut++) {
      expect(feed(thinking, [cut, cut + 3]).items).toEqual(posts.slice(0, 1));
    }
  });

  it('ignores other keys and lists that are not the posts list', () => {
    const text = JSON.stringify({
      note: 'posts',
      ideas: [{ slot: 7, content: 'not a post' }],
      meta: { posts: [{ slot: 8, content: 'nested, not ours' }] },
      posts: [posts[0]],
    });
    expect(feed(text, [10, 20, 30]).items).toEqual([posts[0]]);
    // Elements that are not objects are left to the final parse.
    expect(feed('{"posts":["text", 3, [1], {"slot":1,"content":"ok"}]}', []).items).toEqual([{ slot: 1, content: 'ok' }]);
  });

  it('hands out nothing for a cut-off post, and nothing after the outer value ends', () => {
    expect(feed('{"posts": [{"slot": 1, "content": "cut off in the midd', []).items).toEqual([]);
    expect(feed('{"posts":[{"slot":1,"content":"a"}]} and then {"posts":[{"slot":2,"content":"b"}]}', [20, 45]).items).toEqual([{ slot: 1, content: 'a' }]);
  });

  it('starts over after reset, as when the provider answers again from the start', () => {
    const extractor = new PostStreamExtractor();
    expect(extractor.push('{"posts":[{"slot":1,"content":"first attempt, cut')).toEqual([]);
    extractor.reset();
    expect(extractor.push('{"posts":[{"slot":1,"content":"again"},')).toEqual([{ slot: 1, content: 'again' }]);
  });
});
