import sharp from 'sharp';
import type { ImageJob } from '@shared/schemas/images';
import { read, type TestClient } from './test-client';

/** Polls an image job until it has ended; the test's own time-out bounds the wait. */
export async function waitForImageJob(client: TestClient, imageJobId: string): Promise<ImageJob> {
  for (;;) {
    const { body } = await read(client.api['image-jobs'][':imageJobId'].$get({ param: { imageJobId } }));
    if (body.job.status === 'succeeded' || body.job.status === 'failed') return body.job;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** A served file's bytes and what sharp reads of them (format, width, height). */
export async function servedImage(client: TestClient, url: string) {
  const response = await fetch(`${client.baseUrl}${url}`, { headers: { cookie: client.cookieHeader() } });
  const bytes = Buffer.from(await response.arrayBuffer());
  const { format, width, height } = await sharp(bytes).metadata();
  return { status: response.status, type: response.headers.get('content-type'), bytes, format, width, height };
}

export const isPng = (bytes: Buffer) => bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
export const isJpeg = (bytes: Buffer) => bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff;
