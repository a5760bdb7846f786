import { describe, expect, it } from 'vitest';
import { duplicateOf } from './linkedin-api';
import { linkedinContentRefusal, littleText } from './linkedin';

describe('LinkedIn’s little text', () => {
  it('escapes every reserved character and keeps hashtags', () => {
    expect(littleText('a\\b|c{d}e@f[g]h(i)j<k>l*m_n~o')).toBe('a\\\\b\\|c\\{d\\}e\\@f\\[g\\]h\\(i\\)j\\<k\\>l\\*m\\_n\\~o');
    expect(littleText('#smile and #dental_care, not a#tag or # alone')).toBe('#smile and #dental_care, not a\\#tag or \\# alone');
  });
});

describe('what LinkedIn refuses', () => {
  const image = { mime: 'image/png' };
  it('counts the escaped text against its 3000 characters', () => {
    expect(linkedinContentRefusal('a'.repeat(3000), [])).toBeUndefined();
    expect(linkedinContentRefusal('a'.repeat(2999) + '(', [])).toBe(
      'The text with its hashtags is longer than the 3000 characters LinkedIn takes (brackets and some other symbols count twice). Shorten it by 1 character.',
    );
  });

  it('refuses images with a video, a video that is not MP4, and more than 20 images', () => {
    expect(linkedinContentRefusal('x', [image, { mime: 'video/mp4' }])).toBe(
      'A LinkedIn post takes images or one video, not both. Keep the video alone, or remove it.',
    );
    expect(linkedinContentRefusal('x', [{ mime: 'video/quicktime' }])).toBe('The video is not an MP4, the kind LinkedIn publishes. Replace it with an MP4.');
    expect(
      linkedinContentRefusal(
        'x',
        Array.from({ length: 21 }, () => image),
      ),
    ).toBe('LinkedIn takes at most 20 images in a post, and this one has 21. Remove 1.');
    expect(linkedinContentRefusal('', [])).toContain('neither text nor media');
  });
});

describe('LinkedIn’s duplicate refusal', () => {
  it('names the post it duplicates, whether the code is in the details or the message only', () => {
    const message = 'com.linkedin.content.common.exception.BadRequestResponseException: Content is a duplicate of urn:li:share:7141138937766391808';
    expect(duplicateOf({ status: 422, message, errorDetails: { inputErrors: [{ code: 'DUPLICATE_POST' }] } })).toBe('urn:li:share:7141138937766391808');
    expect(duplicateOf({ status: 422, message: 'ERROR :: /commentary :: too long' })).toBeUndefined();
  });
});
