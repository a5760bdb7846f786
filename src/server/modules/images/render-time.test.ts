import { describe, expect, it } from 'vitest';
import { NETWORKS } from '@shared/networks';
import { testBrandKit } from '@testing/brand-kits';
import { renderImages } from './render';

const INSTAGRAM = NETWORKS.instagram.imageSizes[0]!;
const content = { headline: 'Three ways to keep bread fresh', points: ['Wrap it in linen.', 'Keep it cut side down.', 'Freeze what you will not eat today.'] };

describe('the render time limit', () => {
  it('gives each carousel slide the whole limit, so a carousel of quick slides is not refused for their sum', async () => {
    // A clock that moves 300 ms at every look: each slide takes ~900 ms, the carousel several seconds.
    let clock = 0;
    const now = () => (clock += 300);
    const slides = await renderImages({ template: 'carousel', content, brandKit: await testBrandKit(), size: INSTAGRAM }, { now, timeLimitMs: 1000 });
    expect(slides.length).toBeGreaterThan(2);
    expect(clock).toBeGreaterThan(1000 * 2);
  });

  it('still refuses one slide that takes past the limit', async () => {
    let clock = 0;
    const now = () => (clock += 700);
    await expect(
      renderImages({ template: 'carousel', content, brandKit: await testBrandKit(), size: INSTAGRAM }, { now, timeLimitMs: 1000 }),
    ).rejects.toMatchObject({ code: 'unavailable' });
  });
});
