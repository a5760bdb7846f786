import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../errors';
import { multipartBoundary, openMultipartFile } from './multipart-file';

/** A body exactly as fetch encodes a FormData, and its boundary. */
async function encode(form: FormData): Promise<{ bytes: Buffer; boundary: string }> {
  const response = new Response(form);
  return { bytes: Buffer.from(await response.arrayBuffer()), boundary: multipartBoundary(response.headers.get('content-type')!) };
}

/** The body handed over in pieces of `size` bytes, as a socket might deliver it. */
function inPieces(bytes: Buffer, size: number): ReadableStream<Uint8Array> {
  let offset = 0;
  return new ReadableStream({
    pull(controller) {
      if (offset >= bytes.length) return controller.close();
      controller.enqueue(new Uint8Array(bytes.subarray(offset, offset + size)));
      offset += size;
    },
  });
}

const tooLarge = () => new AppError('payload_too_large', 'too large');

async function readFile(body: ReadableStream<Uint8Array>, boundary: string, maxBodyBytes = 1024 * 1024) {
  const file = await openMultipartFile(body, boundary, { field: 'file', maxBodyBytes, tooLarge });
  const chunks: Buffer[] = [];
  for await (const chunk of file.chunks) chunks.push(Buffer.from(chunk));
  return { filename: file.filename, bytes: Buffer.concat(chunks), largestChunk: Math.max(0, ...chunks.map((chunk) => chunk.length)) };
}

describe('openMultipartFile', () => {
  // Data that contains the boundary's beginning and CRLFs, so a sloppy search would cut it short.
  const data = Buffer.concat([randomBytes(3000), Buffer.from('\r\n--'), randomBytes(50), Buffer.from('\r\n\r\n--form'), randomBytes(5000)]);

  it.each([1, 2, 3, 7, 64, 1000, 100_000])('recovers the exact bytes of the file field when the body arrives %i bytes at a time', async (size) => {
    const form = new FormData();
    form.append('note', 'before the file');
    form.append('file', new Blob([new Uint8Array(data)], { type: 'image/png' }), 'logo "big".png');
    form.append('after', 'a field after the file');
    const { bytes, boundary } = await encode(form);
    const file = await readFile(inPieces(bytes, size), boundary);
    expect(file.bytes.equals(data)).toBe(true);
    expect(file.filename).toBe('logo %22big%22.png');
  });

  it('hands the file over chunk by chunk, never as one buffer', async () => {
    const big = randomBytes(512 * 1024);
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(big)]), 'big.bin');
    const { bytes, boundary } = await encode(form);
    const file = await readFile(inPieces(bytes, 16 * 1024), boundary);
    expect(file.bytes.equals(big)).toBe(true);
    expect(file.largestChunk).toBeLessThanOrEqual(16 * 1024 + 100);
  });

  it('stops with tooLarge() as soon as the body passes the limit', async () => {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(randomBytes(200_000))]), 'big.bin');
    const { bytes, boundary } = await encode(form);
    await expect(readFile(inPieces(bytes, 4096), boundary, 100_000)).rejects.toMatchObject({ code: 'payload_too_large' });
  });

  it('refuses a body cut off inside the file with a 400', async () => {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(data)]), 'a.png');
    const { bytes, boundary } = await encode(form);
    await expect(readFile(inPieces(bytes.subarray(0, bytes.length - 100), 500), boundary)).rejects.toMatchObject({
      code: 'bad_request',
      message: expect.stringMatching(/cut off/),
    });
  });

  it('refuses an empty form with a 400', async () => {
    const { bytes, boundary } = await encode(new FormData());
    await expect(readFile(inPieces(bytes, 500), boundary)).rejects.toMatchObject({ code: 'bad_request', message: 'Send the file in a field named "file".' });
  });

  it('refuses a field named otherwise and a field without a file', async () => {
    const form = new FormData();
    form.append('image', new Blob([new Uint8Array(data)]), 'a.png');
    form.append('file', 'just text');
    const { bytes, boundary } = await encode(form);
    await expect(readFile(inPieces(bytes, 500), boundary)).rejects.toMatchObject({ code: 'bad_request', message: 'Send the file in a field named "file".' });
  });

  it('reads the boundary from the content type, quoted or not, and refuses anything else with a 415', () => {
    expect(multipartBoundary('multipart/form-data; boundary=----abc123')).toBe('----abc123');
    expect(multipartBoundary('multipart/form-data; charset=utf-8; boundary="a b"')).toBe('a b');
    for (const type of [undefined, 'application/json', 'multipart/form-data', 'image/png; boundary=x']) {
      expect(() => multipartBoundary(type)).toThrow(expect.objectContaining({ code: 'unsupported_media_type' }));
    }
  });
});
