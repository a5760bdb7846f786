import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { NETWORKS } from '@shared/networks';
import { LOGO_RED, TEST_CONTENT, testBrandKit } from '@testing/brand-kits';
import { HOSTILE_TEXTS, run } from '@testing/hostile-texts';
import { AppError } from '../../errors';
import type { BrandKit } from './brand-kit';
import { canvasSize, logoBox } from './frame';
import type { RenderRequest } from './render';
import { renderImages } from './render';

const INSTAGRAM = NETWORKS.instagram.imageSizes[0];
// Generous: these tests check what is drawn, not the speed, on a busy machine.
const CALM = { timeLimitMs: 10_000 };

const renderOne = async (request: Partial<RenderRequest> & { brandKit: BrandKit }) => {
  const [image] = await renderImages({ template: 'tip', content: TEST_CONTENT, size: INSTAGRAM, ...request }, CALM);
  return image!;
};

/** The PNG's pixel at (x, y) as #rrggbb. */
async function pixelAt(png: Uint8Array, x: number, y: number): Promise<string> {
  const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const offset = (y * info.width + x) * info.channels;
  return `#${[0, 1, 2].map((i) => data[offset + i]!.toString(16).padStart(2, '0')).join('')}`;
}
const hex = ({ r, g, b }: { r: number; g: number; b: number }) => `#${[r, g, b].map((c) => c.toString(16).padStart(2, '0')).join('')}`;

describe('what an image shows', () => {
  it('fills the background with the first brand colour, draws the second as the accent and the logo in the top right corner', async () => {
    const brandKit = await testBrandKit();
    const { width, height } = INSTAGRAM;
    const image = await renderOne({ template: 'announcement', brandKit });
    expect(await pixelAt(image.bytes, width - 4, Math.round(height / 2))).toBe('#1f3a5f');
    // The announcement's stripe down the left edge.
    expect(await pixelAt(image.bytes, 4, Math.round(height / 2))).toBe('#f4b942');
    // The square logo, fitted to its box's height, ends at the right margin, centred in the top row.
    const { margin, unit } = canvasSize(width, height);
    const side = logoBox(unit).height;
    expect(await pixelAt(image.bytes, width - margin - Math.round(side / 2), margin + Math.round(side / 2))).toBe(hex(LOGO_RED));
    // Nothing red where the logo is not.
    expect(await pixelAt(image.bytes, margin + side, height - margin)).not.toBe(hex(LOGO_RED));
  });

  it('draws no logo when the brand kit has none, and picks its own colours when it has none', async () => {
    const image = await renderOne({ brandKit: { colors: [], logo: null, font: 'lora' } });
    const { width, height } = INSTAGRAM;
    const { margin, unit } = canvasSize(width, height);
    const side = logoBox(unit).height;
    const background = await pixelAt(image.bytes, width - 4, Math.round(height / 2));
    expect(await pixelAt(image.bytes, width - margin - Math.round(side / 2), margin + Math.round(side / 2))).toBe(background);
  });

  it('draws an emoji in the headline', async () => {
    const brandKit = await testBrandKit();
    const plain = await renderOne({ brandKit, content: { headline: 'Fresh bread today' } });
    const withEmoji = await renderOne({ brandKit, content: { headline: 'Fresh bread today 🍞' } });
    expect(Buffer.compare(plain.bytes, withEmoji.bytes)).not.toBe(0);
    // The loaf's crust (Twemoji's #d99e82) is drawn somewhere: the plain headline has no such colour.
    const colours = async (png: Uint8Array) => {
      const { data } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
      const seen = new Set<number>();
      for (let i = 0; i < data.length; i += 3) seen.add((data[i]! << 16) | (data[i + 1]! << 8) | data[i + 2]!);
      return seen;
    };
    expect((await colours(withEmoji.bytes)).has(0xd99e82)).toBe(true);
    expect((await colours(plain.bytes)).has(0xd99e82)).toBe(false);
  });

  it('makes one numbered slide per point of a carousel, at most ten', async () => {
    const brandKit = await testBrandKit();
    const slides = await renderImages(
      {
        template: 'carousel',
        content: { headline: 'Ten tips', points: Array.from({ length: 12 }, (_, i) => `Tip ${i}`) },
        brandKit,
        size: { width: 400, height: 400 },
      },
      CALM,
    );
    expect(slides).toHaveLength(10);
    expect(new Set(slides.map((slide) => slide.bytes.toString('base64'))).size).toBe(10);
  });

  it('gives a JPEG when asked', async () => {
    const image = await renderOne({ brandKit: await testBrandKit(), format: 'jpeg' });
    expect(image.mimeType).toBe('image/jpeg');
    expect([...image.bytes.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
    expect(await sharp(image.bytes).metadata()).toMatchObject({ format: 'jpeg', ...INSTAGRAM });
  });
});

describe('bounded rendering', () => {
  it('renders a hostile 63,206-character headline, body and points quickly', async () => {
    const brandKit = await testBrandKit();
    const times: Record<string, number> = {};
    for (const name of ['ASCII letters', 'emoji', 'one letter with every combining mark']) {
      const hostile = HOSTILE_TEXTS[name]!;
      expect(hostile).toHaveLength(63_206);
      const start = performance.now();
      const images = await renderImages(
        { template: 'event', content: { headline: hostile, body: hostile, points: [hostile, hostile] }, brandKit, size: INSTAGRAM },
        { timeLimitMs: 5000 },
      );
      times[name] = Math.round(performance.now() - start);
      expect(images).toHaveLength(1);
      expect(times[name]).toBeLessThan(5000);
    }
    console.log('hostile renders at 1080x1350 (ms):', times);
  });

  it('refuses an image that takes past the time limit, in words', async () => {
    // A clock that jumps a second at every look: the first check after layout is past the limit.
    let clock = 0;
    const now = () => (clock += 1000);
    const rendering = renderImages(
      { template: 'tip', content: { headline: run('a', 300) }, brandKit: await testBrandKit(), size: INSTAGRAM },
      { now, timeLimitMs: 1500 },
    );
    await expect(rendering).rejects.toThrow(AppError);
    await expect(rendering).rejects.toMatchObject({ code: 'unavailable', message: expect.stringMatching(/took longer than 1\.5 seconds/) });
  });

  it('refuses a size outside 100 to 2400 pixels and a logo that is not an image', async () => {
    const brandKit = await testBrandKit();
    await expect(renderImages({ template: 'tip', content: TEST_CONTENT, brandKit, size: { width: 99, height: 500 } })).rejects.toMatchObject({
      code: 'bad_request',
    });
    await expect(renderImages({ template: 'tip', content: TEST_CONTENT, brandKit, size: { width: 5000, height: 500 } })).rejects.toMatchObject({
      code: 'bad_request',
    });
    await expect(
      renderImages({ template: 'tip', content: TEST_CONTENT, brandKit: { ...brandKit, logo: new TextEncoder().encode('not an image') }, size: INSTAGRAM }),
    ).rejects.toMatchObject({
      code: 'unsupported_media_type',
    });
  });
});
