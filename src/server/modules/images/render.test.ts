import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { NETWORKS, PLATFORMS } from '@shared/networks';
import { renderImages } from './render';
import { TEMPLATES } from './templates';
import { TEST_CONTENT, testBrandKit } from '@testing/brand-kits';

/** Each network's default size, once per distinct size. */
const DEFAULT_SIZES = [...new Map(PLATFORMS.map((id) => NETWORKS[id].imageSizes[0]).map((size) => [`${size.width}x${size.height}`, size])).values()];

/**
 * SHA-256 of each template's image (its slides' hashes joined for a carousel) at each default size. They
 * change when a template's design, a font or the renderer's version changes: look at the images
 * (`scripts/render-samples.ts`), then write the new hashes here.
 */
const EXPECTED: Record<string, string> = {
  'announcement@1080x1350': '0bcecd2007865bfeefd3c3baf0d83c09bffd1e095dfc20534a92a3ec9d9f802d',
  'announcement@1200x627': '51eabe348cf2c203930a3cfd1283eb28ac2acffbf9825d9f3f42d13fda6844ce',
  'announcement@1200x630': '56ff213c33cbd62f6a8b265117e5127e70bc0fa0c83557ea0c2d932a7fdda364',
  'announcement@1200x675': 'f4db5053f9a0160477e88fa01dc4eb6c61baddad75659f2eafdcc30b953e2e1c',
  'announcement@1200x900': '799d25658c0e9d5c633c3c348479d76d1324b3e636b47e3e9b761cb62d384e65',
  'announcement@1600x900': '8ac144e77d9555a4f2111b1a4456a63e8124438900dc7e6f37ca7ee3891fe3d2',
  'carousel@1080x1350': '0034adca899487d427bad3d759b881839489f61a87258eac3d398a53a87ace94+24b021c9312516d65ff0c15059f0b38af9054c04f36edec5d0acaf878c53c13e',
  'carousel@1200x627': '93baefc5a4f9081d799968c38e7ae07198868cf40227576f326241ce78b3a175+d5d53179225c2319145884bf32eb9066caa31c2cdb7c4ba84744a70258f47862',
  'carousel@1200x630': '73de04de4f2a3302e179905bbe63f90a8d30d9b0b98f9e3127014e6ffea9a347+2d35e6ceea5ec586c4cb065407f240f738574d63058f7f1cad3836e83edc14d5',
  'carousel@1200x675': '9ec01deb29c7772e07f730ac4d84e01da1c7c63f5c1d49361311d5d7cc78aa54+c954b8bc4e9da03db543d9be4fa2dea0de1d2c6208a754d30876e447d25b6cea',
  'carousel@1200x900': '7e8a232dc119ee675ce68e4e64a2b1218893b76b5ec83202744b7bd723c0ca79+245d47fea5e152a9c72fa9e11727bd1c892be0857a67877b536311ec9976db0d',
  'carousel@1600x900': '2d2d7be5e53bbc8904de8365f3723b15761b3c2eea6367d84839ffe45928fdb3+7272a546ce14d77c920747772a224c831e30c6e6d4c193a3bb918cc5185e6050',
  'event@1080x1350': '4972bb20d167c50c20a49e7bd12975f12d16acdfef7b02c838309f4d56d87086',
  'event@1200x627': 'a8585be40773509b64a46ad6a692171a619b22aec0379967d2f3d0eb5f7ccba1',
  'event@1200x630': '0fad1ea181cb5e9e4ad414fecb6f243419883813b31eb06d0b5998f3922af7a0',
  'event@1200x675': '563c8d530a62747a3d61ff086874c1079abb732e10ba883b782ead7259edf26c',
  'event@1200x900': 'b85c2f008a88ff215fbabe91f8b6075cf115ff00dcce8bff810da5ca227c7dca',
  'event@1600x900': 'e0b3a5b4c9a5f3940d068ade95a92d24ad75c9aae2fec9811ee758fef10c0b10',
  'offer@1080x1350': '8e8d904a08a0bc4c9bcf7d061a19ae2669f4e87871b65e7c28f307f8260cf385',
  'offer@1200x627': '924f72f390e96a5526fd9833eecf7d05c1c537019201a209a9d29c9e525e5342',
  'offer@1200x630': '4e3a64222a57d5a0331c9a855f79965bb883d1d92ef61d833be311e3dd5984e5',
  'offer@1200x675': 'ce63e4f863dbc969050fce32926f88214f9e63724bfee950a03a82f4c88d7e06',
  'offer@1200x900': '5f57bc02729a221e9e6658bf4705eeea9f74246bf05a68ab32552758f079c2a5',
  'offer@1600x900': '67444225be59f24159a4e138a2d6920cc5edde50f46554530f71c7fc6758e2cf',
  'quote@1080x1350': '6d5be8ad2c3ccb5bafd26b0ea657cb0373258f30a298a06a304a770cd436af04',
  'quote@1200x627': '82c5cc2018a55ace0b91822fb33461019b9954c90a96a033810c89709ee87e97',
  'quote@1200x630': '89060b08b6893501726cd8250bc4404b5583bf6db216700e81201f417de4ac89',
  'quote@1200x675': 'ae9631de47f3a236a4387fa7401facbed1f71f57a721440bbfecef35773ff1da',
  'quote@1200x900': '76071e751979cd08fc04317001cc05b95e85ed6ffee1bb95b8314b23f24f0447',
  'quote@1600x900': '0c92cab690b1504033e9972930c605619c922fa0e884f301c8aa755b5080fa20',
  'tip@1080x1350': '2694ca09504df2d62ad1eee1db23b43f35cc93d931cd36fb0fe5ee17a9679999',
  'tip@1200x627': '815b6e91f94beb344fc9efb91f4369699aabaffce85baab7553fedb6feb72b4f',
  'tip@1200x630': 'df139e83e490437630e39f2b063d017f9e633283be45c79f72b73aae91d1c7c7',
  'tip@1200x675': '052630bfc27f309105b0343807ec78ddabb25629c996a9c861a095ca2fae3a0f',
  'tip@1200x900': 'e4ad5611996e6136f203e0a7c1b230bcc38f301af6a9666470844e4fc12292eb',
  'tip@1600x900': '7fb9542a9d4581913d5074b5160bb4b4ec4533d6a42a4971ae00dd242eb0d3d7',
};

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

describe('templates rendered at every network default size', () => {
  it('covers every network', () => {
    for (const id of PLATFORMS) expect(DEFAULT_SIZES).toContainEqual(NETWORKS[id].imageSizes[0]);
  });

  it.each(TEMPLATES)('%s gives the same bytes on every run, the stored ones', async (template) => {
    const brandKit = await testBrandKit();
    // A generous limit: this test checks the bytes, not the speed, on a busy machine.
    const render = async (size: (typeof DEFAULT_SIZES)[number]) => {
      const images = await renderImages({ template, content: TEST_CONTENT, brandKit, size }, { timeLimitMs: 10_000 });
      for (const image of images) {
        expect(image).toMatchObject({ mimeType: 'image/png', ...size });
        expect(image.bytes.subarray(1, 4).toString()).toBe('PNG');
      }
      return images.map((image) => sha256(image.bytes)).join('+');
    };
    const actual: Record<string, string> = {};
    for (const size of DEFAULT_SIZES) actual[`${template}@${size.width}x${size.height}`] = await render(size);
    // Twice in the same process at the first size: no state carries over from one render to the next.
    expect(await render(DEFAULT_SIZES[0]!)).toBe(actual[`${template}@${DEFAULT_SIZES[0]!.width}x${DEFAULT_SIZES[0]!.height}`]);
    expect(actual).toEqual(Object.fromEntries(Object.keys(actual).map((key) => [key, EXPECTED[key]])));
  });
});
