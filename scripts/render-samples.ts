// Renders three templates at Instagram's size into docs/screenshots/ (the README shows them):
// `npx tsx scripts/render-samples.ts`.
import { writeFileSync } from 'node:fs';
import sharp from 'sharp';
import { NETWORKS } from '../src/shared/networks';
import type { BrandKit } from '../src/server/modules/images/brand-kit';
import { renderImages } from '../src/server/modules/images/render';
import type { TemplateName } from '../src/server/modules/images/templates';

// A bakery's monogram, drawn here so the samples need no file of their own.
const logoSvg = `<svg xmlns="http://www.w3.org/2000/svg" width="360" height="120" viewBox="0 0 360 120">
  <circle cx="60" cy="60" r="56" fill="#f6c453"/>
  <text x="60" y="78" font-family="sans-serif" font-size="52" font-weight="700" text-anchor="middle" fill="#3b2417">M</text>
  <text x="134" y="78" font-family="sans-serif" font-size="46" font-weight="700" fill="#fdf6ec">Mabel's</text>
</svg>`;

const brandKit: BrandKit = { colors: ['#3b2417', '#f6c453', '#fdf6ec'], logo: await sharp(Buffer.from(logoSvg)).png().toBuffer(), font: 'poppins' };
const size = NETWORKS.instagram.imageSizes[0];

const samples: { template: TemplateName; headline: string; body?: string }[] = [
  {
    template: 'tip',
    headline: 'Keep your sourdough starter in the fridge between bakes 🍞',
    body: 'Feed it once a week and take it out the night before: it wakes up bubbly and ready by morning.',
  },
  { template: 'quote', headline: 'Good bread takes time, and it is worth every minute of it.', body: 'Mabel, head baker' },
  { template: 'offer', headline: '20% off every loaf this Saturday', body: 'Show this post at the counter. Open 7 am to 2 pm, while the loaves last.' },
];

for (const { template, headline, body } of samples) {
  const [image] = await renderImages({ template, content: { headline, body }, brandKit, size });
  writeFileSync(`docs/screenshots/template-${template}.png`, image!.bytes);
  console.log(`docs/screenshots/template-${template}.png`, image!.bytes.length, 'bytes');
}
