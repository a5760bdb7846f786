import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { instagramFrame, instagramImage, threadsImage, withinInstagramRatio } from './network-images';

const image = (width: number, height: number, format: 'png' | 'jpeg' | 'gif' = 'png') =>
  sharp({ create: { width, height, channels: 4, background: { r: 20, g: 120, b: 200, alpha: 0.5 } } })
    .toFormat(format)
    .toBuffer();

/** The size a frame leads to. */
const sizeOf = ({ resize, extract, extend }: ReturnType<typeof instagramFrame>) =>
  extract
    ? { width: extract.width, height: extract.height }
    : extend
      ? { width: resize.width + extend.left + extend.right, height: resize.height + extend.top + extend.bottom }
      : resize;

describe('instagramFrame', () => {
  it('leaves an image within 4:5..1.91:1 and 320..1440 wide as it is', () => {
    expect(instagramFrame(1080, 1350)).toEqual({ resize: { width: 1080, height: 1350 } });
    expect(instagramFrame(1080, 566)).toEqual({ resize: { width: 1080, height: 566 } });
  });

  it('crops the middle of an image a little too tall or too wide, and pads one far off with bands', () => {
    // 1080 x 1400 is 0.77: cutting 50 rows (3.6 %) makes it 4:5.
    expect(instagramFrame(1080, 1400)).toEqual({ resize: { width: 1080, height: 1400 }, extract: { left: 0, top: 25, width: 1080, height: 1350 } });
    // 9:16 would lose 30 % to a crop: bands on both sides instead.
    expect(instagramFrame(720, 1280)).toEqual({ resize: { width: 720, height: 1280 }, extend: { left: 152, right: 152, top: 0, bottom: 0 } });
    // 3:1 panorama: bands above and below.
    expect(sizeOf(instagramFrame(1200, 400))).toEqual({ width: 1200, height: 629 });
  });

  it('scales the canvas to at most 1440 and at least 320 wide', () => {
    expect(instagramFrame(4000, 3000)).toEqual({ resize: { width: 1440, height: 1080 } });
    expect(instagramFrame(100, 100)).toEqual({ resize: { width: 320, height: 320 } });
  });

  it('always lands within the ratios, whatever the rounding', () => {
    for (const [width, height] of [
      [1, 5000],
      [5000, 1],
      [333, 417],
      [1441, 755],
      [4001, 2093],
      [319, 1000],
      [2000, 2501],
    ] as const) {
      const size = sizeOf(instagramFrame(width, height));
      expect(withinInstagramRatio(size.width, size.height), `${width} x ${height} -> ${size.width} x ${size.height}`).toBe(true);
    }
  });
});

describe('instagramImage', () => {
  it('makes a PNG with transparency a JPEG on white', async () => {
    const converted = await instagramImage(await image(800, 800));
    expect(await sharp(converted).metadata()).toMatchObject({ format: 'jpeg', width: 800, height: 800, hasAlpha: false });
    const { data } = await sharp(converted).raw().toBuffer({ resolveWithObject: true });
    // Half-transparent blue over white: lighter than the blue itself.
    expect(data[0]).toBeGreaterThan(100);
  });

  it('sends a JPEG that fits as it is, and pads a tall one to 4:5', async () => {
    expect(await instagramImage(await image(1080, 1080, 'jpeg'))).toBeUndefined();
    // 1080 x 1920 padded to 1536 x 1920, then scaled to 1440 wide.
    expect(await sharp(await instagramImage(await image(1080, 1920, 'jpeg'))).metadata()).toMatchObject({ format: 'jpeg', width: 1440, height: 1800 });
  });

  it('turns an image upright by its EXIF orientation before framing it', async () => {
    // Stored 1200 x 800 with orientation 6 (turned a quarter): upright it is 800 x 1200, 2:3, padded to 4:5.
    const rotated = await sharp({ create: { width: 1200, height: 800, channels: 3, background: '#888' } })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer();
    expect(await sharp(await instagramImage(rotated)).metadata()).toMatchObject({ width: 960, height: 1200 });
  });
});

describe('threadsImage', () => {
  it('sends JPEG and PNG as they are, and makes a GIF a JPEG', async () => {
    expect(await threadsImage(await image(600, 600), 'image/png')).toBeUndefined();
    expect(await threadsImage(await image(600, 600, 'jpeg'), 'image/jpeg')).toBeUndefined();
    expect(await sharp(await threadsImage(await image(2000, 500, 'gif'), 'image/gif')).metadata()).toMatchObject({ format: 'jpeg', width: 1440, height: 360 });
  });
});
