import { describe, expect, it } from 'vitest';
import { batchTemplateOf, contentOf, formatOf, wantsImage } from './image-content';
import { TEXT_LIMITS } from './text-bounds';

describe("an image's words from its post", () => {
  it('takes the first sentence as the headline and the next as the line under it, without hashtags or links', () => {
    expect(contentOf({ content: 'Fresh flowers every Friday! Come early. See https://shop.example #flowers #friday', event: null })).toEqual({
      headline: 'Fresh flowers every Friday!',
      body: 'Come early.',
      points: ['Come early.', 'See'],
    });
  });

  it("takes a carousel's points from its lines after the headline, at most as many as a carousel shows", () => {
    const content = ['Ten habits:', ...Array.from({ length: 14 }, (_, index) => `Habit ${index + 1}`)].join('\n');
    const { headline, points } = contentOf({ content, event: null });
    expect(headline).toBe('Ten habits:');
    expect(points).toHaveLength(TEXT_LIMITS.points);
    expect(points[0]).toBe('Habit 1');
    expect(contentOf({ content: 'Only one sentence', event: null }).points).toEqual(['Only one sentence']);
  });

  it('shows an offer or event by its title and dates', () => {
    const event = { kind: 'offer' as const, title: 'Spring sale', startDate: '2026-03-01', endDate: '2026-03-07', couponCode: 'SPRING' };
    expect(contentOf({ content: 'Save big.', event })).toMatchObject({ headline: 'Spring sale', body: '1 Mar 2026 – 7 Mar 2026 · Code SPRING' });
  });

  it('reads only the start of a hostile post', () => {
    const started = performance.now();
    const { headline } = contentOf({ content: 'a'.repeat(63_206), event: null });
    expect(performance.now() - started).toBeLessThan(200);
    expect(headline.length).toBeLessThanOrEqual(4000);
  });
});

describe('the template and format of a post', () => {
  it('picks carousel for carousels, the kind of an offer or event, and a steady choice otherwise', () => {
    expect(batchTemplateOf({ id: 'a', type: 'carousel', event: null })).toBe('carousel');
    expect(batchTemplateOf({ id: 'a', type: 'image', event: { kind: 'event', title: 'Open day', startDate: '2026-03-01', endDate: '2026-03-01' } })).toBe(
      'event',
    );
    const picks = ['p1', 'p2', 'p3', 'p4', 'p5', 'p6'].map((id) => batchTemplateOf({ id, type: 'image', event: null }));
    expect(picks).toEqual(['p1', 'p2', 'p3', 'p4', 'p5', 'p6'].map((id) => batchTemplateOf({ id, type: 'image', event: null })));
    for (const pick of picks) expect(['tip', 'quote', 'announcement']).toContain(pick);
  });

  it("uses the network's first size, and JPEG for Instagram only", () => {
    expect(formatOf({ platform: 'instagram', scheduledPlatform: null })).toEqual({ size: { width: 1080, height: 1350 }, format: 'jpeg' });
    expect(formatOf({ platform: 'twitter', scheduledPlatform: null })).toEqual({ size: { width: 1600, height: 900 }, format: 'png' });
    expect(formatOf({ platform: 'twitter', scheduledPlatform: 'instagram' }).format).toBe('jpeg');
  });

  it('wants images for image and carousel posts without media', () => {
    expect(wantsImage({ type: 'image', media: [] })).toBe(true);
    expect(wantsImage({ type: 'carousel', media: [] })).toBe(true);
    expect(wantsImage({ type: 'image', media: [{ type: 'image', url: '/api/media/x.png' }] })).toBe(false);
    expect(wantsImage({ type: 'text', media: [] })).toBe(false);
    expect(wantsImage({ type: 'video', media: [] })).toBe(false);
  });
});
