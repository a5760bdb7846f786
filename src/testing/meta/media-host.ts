import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { MEDIA_SAMPLES } from '../media-samples';

/**
 * A public media server for the stand-in to fetch from: serves the files it is given at their paths, 404
 * for anything else. Counts the requests per path, so a test can tell that Meta really fetched.
 */
export async function startMediaHost(files: Record<string, { type: string; bytes: Buffer }>) {
  const fetched: Record<string, number> = {};
  const server = http.createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://127.0.0.1').pathname;
    fetched[path] = (fetched[path] ?? 0) + 1;
    const file = files[path];
    if (!file) return response.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
    response.writeHead(200, { 'content-type': file.type, 'content-length': String(file.bytes.length) }).end(file.bytes);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    fetched,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

const sample = (label: string) => MEDIA_SAMPLES.find((item) => item.label === label)!.bytes;

/** The sample JPEG with its frame header saying `width` x `height` (enough for a size check that reads the SOF). */
export function jpegOfSize(width: number, height: number): Buffer {
  const bytes = Buffer.from(sample('JPG'));
  for (let at = 2; at + 9 < bytes.length;) {
    const marker = bytes[at + 1]!;
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      bytes.writeUInt16BE(height, at + 5);
      bytes.writeUInt16BE(width, at + 7);
      return bytes;
    }
    at += 2 + bytes.readUInt16BE(at + 2);
  }
  throw new Error('The sample JPEG has no frame header');
}

export const SAMPLE_PNG = sample('PNG');
export const SAMPLE_MP4 = sample('MP4');
