import { TINY_PNG } from './fixtures';

/**
 * The smallest well-formed file of every type the server accepts. The images are real 1x1 pictures
 * (they decode in Chromium); the videos are containers built here box by box, with a header and no
 * frames: exactly what the server's byte check reads.
 */

const u32 = (value: number) => {
  const bytes = Buffer.alloc(4);
  bytes.writeUInt32BE(value);
  return bytes;
};

/** An ISO base media box (MP4, MOV): 32-bit size, four-letter type, payload. */
const box = (type: string, ...payload: Buffer[]) => {
  const body = Buffer.concat(payload);
  return Buffer.concat([u32(8 + body.length), Buffer.from(type, 'latin1'), body]);
};

/** Movie header, version 0: timescale 1000, duration 0, identity matrix, next track 1. */
const mvhd = box(
  'mvhd',
  u32(0), // version and flags
  u32(0), // creation time
  u32(0), // modification time
  u32(1000), // timescale
  u32(0), // duration
  u32(0x0001_0000), // rate 1.0
  Buffer.from([0x01, 0x00, 0, 0]), // volume 1.0, reserved
  Buffer.alloc(8), // reserved
  ...[0x0001_0000, 0, 0, 0, 0x0001_0000, 0, 0, 0, 0x4000_0000].map(u32), // matrix
  Buffer.alloc(24), // pre-defined
  u32(1), // next track id
);

const isoMovie = (brand: string, compatible: string[]) =>
  Buffer.concat([box('ftyp', Buffer.from(brand, 'latin1'), u32(0x200), ...compatible.map((name) => Buffer.from(name, 'latin1'))), box('moov', mvhd)]);

/** An EBML element whose payload is shorter than 127 bytes (one-byte size). */
const ebml = (id: number[], ...payload: Buffer[]) => {
  const body = Buffer.concat(payload);
  return Buffer.concat([Buffer.from(id), Buffer.from([0x80 | body.length]), body]);
};
const uint = (value: number) => Buffer.from([value]);

const WEBM = Buffer.concat([
  ebml(
    [0x1a, 0x45, 0xdf, 0xa3], // EBML header
    ebml([0x42, 0x86], uint(1)), // EBMLVersion
    ebml([0x42, 0xf7], uint(1)), // EBMLReadVersion
    ebml([0x42, 0xf2], uint(4)), // EBMLMaxIDLength
    ebml([0x42, 0xf3], uint(8)), // EBMLMaxSizeLength
    ebml([0x42, 0x82], Buffer.from('webm')), // DocType
    ebml([0x42, 0x87], uint(2)), // DocTypeVersion
    ebml([0x42, 0x85], uint(2)), // DocTypeReadVersion
  ),
  ebml([0x18, 0x53, 0x80, 0x67], ebml([0x15, 0x49, 0xa9, 0x66], ebml([0x2a, 0xd7, 0xb1], Buffer.from([0x0f, 0x42, 0x40])))), // Segment > Info > TimecodeScale 1 ms
]);

export interface MediaSample {
  label: string;
  name: string;
  type: string;
  bytes: Buffer;
  extension: string;
  kind: 'image' | 'video';
}

export const MEDIA_SAMPLES: MediaSample[] = [
  {
    label: 'JPG',
    name: 'photo.jpg',
    type: 'image/jpeg',
    extension: 'jpg',
    kind: 'image',
    bytes: Buffer.from(
      '/9j/4AAQSkZJRgABAQAAAQABAAD/2wBDABALDA4MChAODQ4SERATGCgaGBYWGDEjJR0oOjM9PDkzODdASFxOQERXRTc4UG1RV19iZ2hnPk1xeXBkeFxlZ2P/2wBDARESEhgVGC8aGi9jQjhCY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2P/wAARCAABAAEDASIAAhEBAxEB/8QAFQABAQAAAAAAAAAAAAAAAAAAAAT/xAAUEAEAAAAAAAAAAAAAAAAAAAAA/8QAFAEBAAAAAAAAAAAAAAAAAAAABf/EABQRAQAAAAAAAAAAAAAAAAAAAAD/2gAMAwEAAhEDEQA/AIADg9//2Q==',
      'base64',
    ),
  },
  { label: 'PNG', name: 'logo.png', type: 'image/png', extension: 'png', kind: 'image', bytes: TINY_PNG },
  {
    label: 'GIF',
    name: 'wave.gif',
    type: 'image/gif',
    extension: 'gif',
    kind: 'image',
    bytes: Buffer.from('R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==', 'base64'),
  },
  {
    label: 'WebP',
    name: 'banner.webp',
    type: 'image/webp',
    extension: 'webp',
    kind: 'image',
    bytes: Buffer.from('UklGRhoAAABXRUJQVlA4TA0AAAAvAAAAEAcQERGIiP4HAA==', 'base64'),
  },
  { label: 'MP4', name: 'clip.mp4', type: 'video/mp4', extension: 'mp4', kind: 'video', bytes: isoMovie('isom', ['isom', 'iso2', 'mp41']) },
  { label: 'WebM', name: 'clip.webm', type: 'video/webm', extension: 'webm', kind: 'video', bytes: WEBM },
  { label: 'MOV', name: 'clip.mov', type: 'video/quicktime', extension: 'mov', kind: 'video', bytes: isoMovie('qt  ', ['qt  ']) },
];
