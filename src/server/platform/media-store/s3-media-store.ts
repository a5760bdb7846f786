import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { S3Config } from '../../config';
import { mediaFolder, type MediaStore } from './media-store';

/** A file no post refers to is removed only once it is this old: an upload in progress elsewhere is younger. */
export const ORPHAN_MIN_AGE_MS = 24 * 60 * 60 * 1000;
const PREFIX = 'media/';

const isNotFound = (error: unknown) => {
  const name = (error as { name?: string })?.name;
  const status = (error as { $metadata?: { httpStatusCode?: number } })?.$metadata?.httpStatusCode;
  return name === 'NotFound' || name === 'NoSuchKey' || status === 404;
};

/**
 * Files in an S3-compatible bucket (AWS S3, MinIO, Cloudflare R2, Garage), shared by every instance,
 * under `media/<user id>/<file>`. The bucket stays private: files are served through the app to their
 * owner only. Uploads arrive in `incomingDir` on this machine first. The SDK (about 10 MB of a
 * server's memory) is loaded here, only where a bucket is configured.
 */
export async function createS3MediaStore(config: S3Config, incomingDir: string, now: () => Date = () => new Date()): Promise<MediaStore> {
  const { DeleteObjectCommand, DeleteObjectsCommand, GetObjectCommand, HeadObjectCommand, ListObjectsV2Command, PutObjectCommand, S3Client } =
    await import('@aws-sdk/client-s3');
  const client = new S3Client({
    region: config.region,
    ...(config.endpoint ? { endpoint: config.endpoint, forcePathStyle: true } : {}),
    credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey },
    // Checksums only where S3 requires them: the SDK's default sends uploads as `aws-chunked` with a
    // trailing checksum, which several S3-compatible servers store verbatim (the file then is corrupt).
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const Bucket = config.bucket;
  // mediaFolder refuses a user id that could name another key.
  const key = (userId: string, fileId: string) => `${PREFIX}${mediaFolder('', userId)}/${fileId}`;

  async function* list(prefix: string) {
    let ContinuationToken: string | undefined;
    do {
      const page = await client.send(new ListObjectsV2Command({ Bucket, Prefix: prefix, ContinuationToken }));
      for (const item of page.Contents ?? []) if (item.Key) yield { key: item.Key, modified: item.LastModified ?? now() };
      ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (ContinuationToken);
  }

  async function removeKeys(keys: string[]) {
    for (let index = 0; index < keys.length; index += 1000) {
      const Objects = keys.slice(index, index + 1000).map((Key) => ({ Key }));
      await client.send(new DeleteObjectsCommand({ Bucket, Delete: { Objects, Quiet: true } }));
    }
  }

  return {
    kind: 's3',
    async incoming() {
      await mkdir(incomingDir, { recursive: true });
      return path.join(incomingDir, `.${randomUUID()}.part`);
    },
    async save(userId, fileId, from, mime) {
      try {
        const { size } = await stat(from);
        await client.send(new PutObjectCommand({ Bucket, Key: key(userId, fileId), Body: createReadStream(from), ContentLength: size, ContentType: mime }));
      } finally {
        await rm(from, { force: true });
      }
    },
    async size(userId, fileId) {
      try {
        const head = await client.send(new HeadObjectCommand({ Bucket, Key: key(userId, fileId) }));
        return head.ContentLength;
      } catch (error) {
        if (isNotFound(error)) return undefined;
        throw error;
      }
    },
    async read(userId, fileId, start, end) {
      const object = await client.send(new GetObjectCommand({ Bucket, Key: key(userId, fileId), Range: `bytes=${start}-${end}` }));
      return object.Body!.transformToWebStream() as ReadableStream<Uint8Array>;
    },
    remove: async (userId, fileId) => void (await client.send(new DeleteObjectCommand({ Bucket, Key: key(userId, fileId) }))),
    async removeUser(userId) {
      const keys: string[] = [];
      for await (const item of list(`${PREFIX}${mediaFolder('', userId)}/`)) keys.push(item.key);
      await removeKeys(keys);
    },
    // Many instances may sweep at once and uploads may be in progress on any of them: only files older
    // than a day that no post refers to go, and removing one twice is harmless.
    async sweep(referenced) {
      const cutoff = now().getTime() - ORPHAN_MIN_AGE_MS;
      const byUser = new Map<string, Set<string>>();
      const orphans: string[] = [];
      for await (const item of list(PREFIX)) {
        if (item.modified.getTime() > cutoff) continue;
        const [userId, fileId] = item.key.slice(PREFIX.length).split('/');
        if (!userId || !fileId) continue;
        if (!byUser.has(userId)) byUser.set(userId, await referenced(userId));
        if (!byUser.get(userId)!.has(fileId)) orphans.push(item.key);
      }
      await removeKeys(orphans);
      return orphans.length;
    },
  };
}
