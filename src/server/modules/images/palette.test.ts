import { describe, expect, it } from 'vitest';
import { contrast, paletteOf } from './palette';

describe('the colours of an image', () => {
  it('sets light text on a dark brand colour and dark text on a light one, readable either way', () => {
    for (const background of ['#1f3a5f', '#000000', '#7a1f1f', '#ffffff', '#f3efe6', '#f4b942', '#22c55e', '#777777']) {
      const palette = paletteOf([background]);
      expect(palette.background).toBe(background);
      expect(contrast(palette.text, background)).toBeGreaterThanOrEqual(4.5);
      expect(contrast(palette.onAccent, palette.accent)).toBeGreaterThanOrEqual(4.5);
      expect(contrast(palette.accentText, background)).toBeGreaterThanOrEqual(3);
    }
    expect(paletteOf(['#1f3a5f']).text).toBe('#ffffff');
    expect(paletteOf(['#f3efe6']).text).toBe('#16181d');
  });

  it('takes the first other brand colour that stands out as the accent', () => {
    expect(paletteOf(['#1f3a5f', '#203b60', '#f4b942']).accent).toBe('#f4b942');
    // None stands out: a tint of the background instead.
    expect(contrast(paletteOf(['#1f3a5f', '#203b60']).accent, '#1f3a5f')).toBeGreaterThanOrEqual(1.6);
  });

  it('ignores colours that are not #rrggbb and has a default without any', () => {
    expect(paletteOf(['red', '#12345', '#F3EFE6']).background).toBe('#f3efe6');
    expect(paletteOf([]).background).toBe('#1f3a5f');
  });
});
