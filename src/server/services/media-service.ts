import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileTypeFromBuffer } from 'file-type';
import { MEDIA_MAX_BYTES, MEDIA_MIME_TYPES, POST_LIMITS, type MediaItem, type Post } from '../../shared/schemas/post';
import type { PostRepository } from '../db/post-repository';
import { AppError, notFound } from '../errors';
import type { MonthService } from './month-service';

export const MEDIA_URL_PREFIX = '/api/media/';
export const SUPPORTED_FORMATS_MESSAGE = 'Supported formats: JPG, PNG, GIF, MP4';
const FILE_ID = /^[0-9a-f-]{36}\.(jpg|png|gif|webp|mp4|webm|mov)$/;
const EXTENSION: Record<(typeof MEDIA_MIME_TYPES)[number], string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/gif': 'gif',
  'image/webp': 'webp',
  'video/mp4': 'mp4',
  'video/webm': 'webm',
  'video/quicktime': 'mov',
};
const MIME_BY_EXTENSION = Object.fromEntries(Object.entries(EXTENSION).map(([mime, ext]) => [ext, mime]));

interface Deps {
  posts: PostRepository;
  monthService: MonthService;
  mediaDir: string;
  now?: () => Date;
}

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** Uploaded images and videos: checked by their bytes, stored per user under DATA_DIR/media, served only to their owner. */
/** Each user's files live in their own folder; deleting an account removes it whole. */
export function mediaFolder(mediaDir: string, userId: string): string {
  return path.join(mediaDir, userId.replace(/[^A-Za-z0-9_-]/g, '_'));
}

export function createMediaService({ posts, monthService, mediaDir, now = () => new Date() }: Deps) {
  const userDir = (userId: string) => mediaFolder(mediaDir, userId);

  async function writablePost(userId: string, postId: string): Promise<Post> {
    const post = await posts.find(userId, postId);
    if (!post) throw notFound('Post');
    await monthService.requireWritable(userId, post.monthId);
    return post;
  }

  return {
    async upload(userId: string, postId: string, file: File): Promise<Post> {
      const post = await writablePost(userId, postId);
      if (post.media.length >= POST_LIMITS.media) throw new AppError('bad_request', `A post can have at most ${POST_LIMITS.media} media files.`);
      if (file.size > MEDIA_MAX_BYTES) throw new AppError('payload_too_large', `Maximum file size: 10MB. "${file.name}" is ${megabytes(file.size)}.`);
      const bytes = Buffer.from(await file.arrayBuffer());
      const detected = await fileTypeFromBuffer(bytes);
      const mime = MEDIA_MIME_TYPES.find((type) => type === detected?.mime);
      if (!mime) throw new AppError('unsupported_media_type', `${SUPPORTED_FORMATS_MESSAGE}. "${file.name}" is not an image or video we can use.`);

      const fileId = `${randomUUID()}.${EXTENSION[mime]}`;
      const folder = userDir(userId);
      await mkdir(folder, { recursive: true });
      // Written under a temporary name and renamed: a crash never leaves a half file under a real name.
      const temporary = path.join(folder, `.${fileId}.part`);
      await writeFile(temporary, bytes);
      await rename(temporary, path.join(folder, fileId));
      const item: MediaItem = { type: mime.startsWith('video/') ? 'video' : 'image', url: `${MEDIA_URL_PREFIX}${fileId}` };
      try {
        const saved = await posts.updateMedia(userId, postId, (media) => [...media, item], now().toISOString());
        if (!saved) throw notFound('Post');
      } catch (error) {
        await rm(path.join(folder, fileId), { force: true });
        throw error;
      }
      return (await posts.find(userId, postId))!;
    },

    async remove(userId: string, postId: string, fileId: string): Promise<Post> {
      await writablePost(userId, postId);
      const url = `${MEDIA_URL_PREFIX}${fileId}`;
      const saved = await posts.updateMedia(userId, postId, (media) => media.filter((item) => item.url !== url), now().toISOString());
      if (!saved) throw notFound('Post');
      if (FILE_ID.test(fileId)) await rm(path.join(userDir(userId), fileId), { force: true });
      return (await posts.find(userId, postId))!;
    },

    /** The file's bytes and type, only from the requesting user's own folder. */
    async read(userId: string, fileId: string): Promise<{ bytes: Buffer; mime: string; size: number }> {
      if (!FILE_ID.test(fileId)) throw notFound('File');
      const file = path.join(userDir(userId), fileId);
      const info = await stat(file).catch(() => undefined);
      if (!info?.isFile()) throw notFound('File');
      return { bytes: await readFile(file), mime: MIME_BY_EXTENSION[fileId.split('.').pop()!] ?? 'application/octet-stream', size: info.size };
    },
  };
}

export type MediaService = ReturnType<typeof createMediaService>;
