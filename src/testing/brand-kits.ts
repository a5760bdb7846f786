/** The brand kit and content the image tests render: a solid red logo so its pixels are easy to find. */
import sharp from 'sharp';
import type { BrandKit, ImageContent } from '@server/modules/images/brand-kit';

export const LOGO_RED = { r: 0xe1, g: 0x1d, b: 0x48 };
export const testLogo = () =>
  sharp({ create: { width: 120, height: 120, channels: 3, background: LOGO_RED } })
    .png()
    .toBuffer();

export const testBrandKit = async (): Promise<BrandKit> => ({ colors: ['#1f3a5f', '#f4b942'], logo: await testLogo(), font: 'inter' });

export const TEST_CONTENT: ImageContent = {
  headline: 'Three ways to keep bread fresh for longer',
  body: 'Small habits that keep a loaf soft for days, and none of them needs a gadget.',
  points: ['Wrap it in a cotton towel', 'Freeze what you will not eat'],
};
