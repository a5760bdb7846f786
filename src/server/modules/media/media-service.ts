import { createHash, randomUUID } from 'node:crypto';
import { open, rm, writeFile, type FileHandle } from 'node:fs/promises';
import { fileTypeFromBuffer } from 'file-type';
import { ALT_TEXT_MAX } from '@shared/schemas/media-library';
import { RESTORABLE_FOR_MS } from '@shared/schemas/post-actions';
import { MEDIA_MAX_BYTES, MEDIA_MIME_TYPES, POST_LIMITS, type MediaItem, type Post } from '@shared/schemas/post';
import type { DeletedPostRepository } from '../posts/deleted-post-repository';
import type { PostRepository } from '../posts/post-repository';
import type { ProfileRepository } from '../profile/profile-repository';
import type { UsageRepository } from '../account/usage-repository';
import { AppError, notFound } from '../../errors';
import type { MediaStore } from '../../platform/media-store/media-store';
import type { Access } from '../months/access';
import type { LibraryRepository, NewLibraryFile } from './library-repository';
import { multipartBoundary, openMultipartFile } from './multipart-file';
import { EXTENSION, FILE_ID, keptFiles, MEDIA_URL_PREFIX, MIME_BY_EXTENSION, removeIfNotKept } from './kept-files';

export { MEDIA_URL_PREFIX } from './kept-files';

/**
 * The spec's hint word for word (product-spec.md, post editor). It names four formats; WebP, WebM and
 * MOV (MEDIA_MIME_TYPES) are accepted as well.
 */
export const SUPPORTED_FORMATS_MESSAGE = 'Supported formats: JPG, PNG, GIF, MP4';
/** An upload is one file; a little room above 10 MB for the multipart envelope. */
export const UPLOAD_BODY_LIMIT = MEDIA_MAX_BYTES + 64 * 1024;
/** How many of a file's first bytes decide its type (file-type's recommended sample). */
const TYPE_SAMPLE_BYTES = 4100;
/** How long an upload holds one of its user's slots at most; one cut off by a crash frees it then. */
const UPLOAD_SLOT_MS = 10 * 60 * 1000;
interface Deps {
  /** The media library's rows: every stored file with its alt text. */
  library: LibraryRepository;
  posts: PostRepository;
  deletedPosts: DeletedPostRepository;
  /** The brand kit's logo is a stored file too: the sweeps keep it. */
  logos: Pick<ProfileRepository, 'findLogo'>;
  access: Access;
  store: MediaStore;
  uploads: Pick<UsageRepository, 'takeUploadSlot' | 'releaseUploadSlot'>;
  /** Uploads one user may have in progress at once (UPLOADS_IN_FLIGHT_PER_USER). */
  uploadsInFlightPerUser: number;
  now?: () => Date;
}

export const tooLargeError = (filename?: string) =>
  new AppError('payload_too_large', filename ? `Maximum file size: 10MB. "${filename}" is larger than that.` : 'Maximum file size: 10MB.');
const postFullError = () => new AppError('bad_request', `A post can have at most ${POST_LIMITS.media} media files. Remove one to add another.`);

export { mediaFolder } from '../../platform/media-store/media-store';

/**
 * Uploaded images and videos: streamed to a local file as they arrive (never whole in memory),
 * checked by their bytes, then kept per user in the media store (DATA_DIR/media or an S3 bucket),
 * served only to their owner.
 */
export function createMediaService({ library, posts, deletedPosts, logos, access, store, uploads, uploadsInFlightPerUser, now = () => new Date() }: Deps) {
  /** Files the library has, or a post or the brand logo refers to (deleted posts that can still be restored included). */
  const referenced = (userId: string) => keptFiles({ library, posts, deletedPosts, logos }, userId);
  const removeIfUnreferenced = (userId: string, url: string, files: Set<string>) => removeIfNotKept(store, userId, url, files);

  /** Changes the media list in the transaction that checks the post and its month. */
  const changeMedia = (userId: string, postId: string, change: (media: MediaItem[]) => MediaItem[]) =>
    access.writeToPost(userId, postId, async (repositories) => {
      await repositories.posts.updateMedia(userId, postId, change, now().toISOString());
      return (await repositories.posts.find(userId, postId))!;
    });

  // Counted in the database, so the limit holds across instances.
  async function takeUploadSlot(userId: string): Promise<() => Promise<void>> {
    const at = now();
    const slot = await uploads.takeUploadSlot(userId, uploadsInFlightPerUser, at.toISOString(), new Date(at.getTime() + UPLOAD_SLOT_MS).toISOString());
    if (!slot) {
      throw new AppError(
        'uploads_in_flight',
        `You are already uploading ${uploadsInFlightPerUser} files. Wait until they have finished, then add this one again.`,
      );
    }
    return () => uploads.releaseUploadSlot(slot);
  }

  /**
   * Writes the file field of a multipart body to `temporary` as it streams in; the type is decided
   * from the first bytes before anything is written, the size limit is enforced while streaming.
   */
  async function receive(
    body: ReadableStream<Uint8Array> | null,
    boundary: string,
    temporary: string,
  ): Promise<{ mime: (typeof MEDIA_MIME_TYPES)[number]; size: number }> {
    const file = await openMultipartFile(body, boundary, { field: 'file', maxBodyBytes: UPLOAD_BODY_LIMIT, tooLarge: () => tooLargeError() });
    let handle: FileHandle | undefined;
    let head: Buffer[] = [];
    let size = 0;
    let mime: (typeof MEDIA_MIME_TYPES)[number] | undefined;
    const decideType = async () => {
      const detected = await fileTypeFromBuffer(Buffer.concat(head));
      mime = MEDIA_MIME_TYPES.find((type) => type === detected?.mime);
      if (!mime) throw new AppError('unsupported_media_type', `${SUPPORTED_FORMATS_MESSAGE}. "${file.filename}" is not an image or video we can use.`);
      handle = await open(temporary, 'wx');
      for (const chunk of head) await handle.write(chunk);
      head = [];
    };
    try {
      for await (const chunk of file.chunks) {
        size += chunk.length;
        if (size > MEDIA_MAX_BYTES) throw tooLargeError(file.filename);
        if (handle) await handle.write(chunk);
        else {
          head.push(Buffer.from(chunk));
          if (size >= TYPE_SAMPLE_BYTES) await decideType();
        }
      }
      if (!handle) await decideType();
      return { mime: mime!, size };
    } finally {
      await handle?.close();
    }
  }

  /**
   * Streams one upload into the store, then `keep` refers to it; a failure on the way removes the file.
   * Written under a temporary name and stored whole: a crash never leaves a half file under a real name.
   */
  async function storeUpload<Result>(
    userId: string,
    body: ReadableStream<Uint8Array> | null,
    contentType: string | undefined,
    steps: { before: () => Promise<void>; keep: (item: MediaItem) => Promise<Result>; altText: (kept: Result) => string },
  ): Promise<Result> {
    const boundary = multipartBoundary(contentType);
    const release = await takeUploadSlot(userId);
    let temporary: string | undefined;
    let stored: string | undefined;
    try {
      await steps.before();
      temporary = await store.incoming(userId);
      const { mime, size } = await receive(body, boundary, temporary);
      const fileId = `${randomUUID()}.${EXTENSION[mime]}`;
      stored = fileId;
      // The bucket (MEDIA_STORE=s3) may be out of reach: said in words the user can act on, never a 500.
      await store.save(userId, fileId, temporary, mime).catch((error: unknown) => {
        if (store.kind === 'disk') throw error;
        throw new AppError('unavailable', 'The file could not be stored right now. Please try again in a moment.');
      });
      const type = mime.startsWith('video/') ? 'video' : 'image';
      const kept = await steps.keep({ type, url: `${MEDIA_URL_PREFIX}${fileId}` });
      stored = undefined;
      // Every upload is in the library; a crash before this line leaves a file the start-up backfill finds.
      const altText = steps.altText(kept).slice(0, ALT_TEXT_MAX);
      await library.insert(userId, { fileId, type, mime, bytes: size, altText, source: 'upload', template: null, kept: true }, now().toISOString());
      return kept;
    } finally {
      if (temporary) await rm(temporary, { force: true });
      if (stored) await store.remove(userId, stored).catch(() => undefined);
      await release().catch(() => undefined);
    }
  }

  /** Keeps bytes made on the server under `fileId`, written whole under a temporary name first. */
  async function saveBytes(userId: string, fileId: string, bytes: Uint8Array, mime: 'image/png' | 'image/jpeg'): Promise<void> {
    const temporary = await store.incoming(userId);
    try {
      await writeFile(temporary, bytes);
      await store.save(userId, fileId, temporary, mime);
    } finally {
      await rm(temporary, { force: true });
    }
  }

  return {
    /** One file from a multipart body (field "file") added to a post the user may still change. */
    async upload(userId: string, postId: string, body: ReadableStream<Uint8Array> | null, contentType: string | undefined): Promise<Post> {
      return storeUpload(userId, body, contentType, {
        // Early answer before reading 10 MB; the limit itself is enforced with the write below.
        before: async () => {
          const { post } = await access.requirePost(userId, postId, { writable: true });
          if (post.media.length >= POST_LIMITS.media) throw postFullError();
        },
        // Storing the file takes a while: the post and its month are checked again as the post refers to it.
        keep: (item) =>
          changeMedia(userId, postId, (media) => {
            if (media.length >= POST_LIMITS.media) throw postFullError();
            return [...media, item];
          }),
        // The post's media description says what the file shows until the user writes its own.
        altText: (post) => post.mediaPrompt,
      });
    },

    /**
     * One file kept on its own, for the brand kit's logo: the profile refers to it when saved. It is in
     * the media library (no alt text yet) like every upload, so the sweeps keep it until deleted there.
     */
    uploadFile: (userId: string, body: ReadableStream<Uint8Array> | null, contentType: string | undefined): Promise<MediaItem> =>
      storeUpload(userId, body, contentType, { before: async () => undefined, keep: async (item) => item, altText: () => '' }),

    /** Removes a file from the post that holds it; through any other post it is "not found". */
    async remove(userId: string, postId: string, fileId: string): Promise<Post> {
      const url = `${MEDIA_URL_PREFIX}${fileId}`;
      const saved = await changeMedia(userId, postId, (media) => {
        if (!media.some((item) => item.url === url)) throw new AppError('not_found', 'File not found on this post.');
        return media.filter((item) => item.url !== url);
      });
      // A copy of the post may still show the file; it goes when no post refers to it.
      await removeIfUnreferenced(userId, url, await referenced(userId));
      return saved;
    },

    /**
     * Forgets deleted posts whose time to undo has passed, and their files that no other post refers
     * to. Runs every few seconds (main.ts); returns how many deleted posts were purged.
     */
    async purgeDeleted(): Promise<number> {
      const purged = await deletedPosts.purgeBefore(new Date(now().getTime() - RESTORABLE_FOR_MS).toISOString());
      for (const userId of new Set(purged.map((item) => item.userId))) {
        const files = await referenced(userId);
        for (const url of purged.filter((item) => item.userId === userId).flatMap((item) => item.media)) await removeIfUnreferenced(userId, url, files);
      }
      return purged.length;
    },

    /**
     * Start-up: removes files neither the library has nor a post refers to (left by a crash between
     * storing the file and saving the post) and, on disk, half-written uploads. Run after the library's
     * backfill. Returns how many files were removed.
     */
    sweepOrphans: (): Promise<number> => store.sweep(referenced),

    /**
     * Keeps a file made from the user's upload `from` for a network that takes only some formats (a
     * JPEG for Instagram), under a name derived from both, so an attempt that makes it again finds it
     * and a link names it like any upload. No post refers to it: the orphan sweep removes it in time.
     */
    async keepDerived(userId: string, from: string, variant: string, bytes: Uint8Array, mime: 'image/jpeg'): Promise<string> {
      if (!FILE_ID.test(from)) throw notFound('File');
      const hex = createHash('sha256').update(`${from}\n${variant}`).digest('hex');
      const fileId = `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}.${EXTENSION[mime]}`;
      if ((await store.size(userId, fileId)) !== undefined) return fileId;
      await saveBytes(userId, fileId, bytes, mime);
      return fileId;
    },

    /**
     * Keeps an image the server made (a template render, an image model's answer) under a new name,
     * with its library row; answers the file's id. Not yet on a post: `file.kept` says whether the
     * library lists it already.
     */
    async storeMade(
      userId: string,
      bytes: Uint8Array,
      mime: 'image/png' | 'image/jpeg',
      file: Omit<NewLibraryFile, 'fileId' | 'type' | 'mime' | 'bytes'>,
    ): Promise<string> {
      const fileId = `${randomUUID()}.${EXTENSION[mime]}`;
      await saveBytes(userId, fileId, bytes, mime);
      await library.insert(userId, { ...file, fileId, type: 'image', mime, bytes: bytes.byteLength }, now().toISOString());
      return fileId;
    },

    /** The file's type, size and alt text and a reader of its bytes, only from the requesting user's own files. */
    async locate(userId: string, fileId: string): Promise<MediaFile> {
      if (!FILE_ID.test(fileId)) throw notFound('File');
      const [size, row] = await Promise.all([store.size(userId, fileId), library.find(userId, fileId)]);
      if (size === undefined) throw notFound('File');
      return {
        mime: MIME_BY_EXTENSION[fileId.split('.').pop()!] ?? 'application/octet-stream',
        size,
        alt: row?.altText ?? '',
        read: (start, end) => store.read(userId, fileId, start, end),
      };
    },
  };
}

/** A stored file as the media route serves it. */
export interface MediaFile {
  mime: string;
  size: number;
  /** Its alt text in the media library ('' when it has none). */
  alt: string;
  read: (start: number, end: number) => Promise<ReadableStream<Uint8Array>>;
}

export type MediaService = ReturnType<typeof createMediaService>;
