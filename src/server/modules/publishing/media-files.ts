import { Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import type { MediaFile as StoredFile } from '../media/media-service';

/**
 * A file of a post as a channel sees it: name, type and size from the store's metadata, its bytes read
 * only when the channel sends it (a channel first picks what it will send: Mastodon 4, Bluesky images
 * of at most 1 MB), each time within the worker's byte budget.
 */
export interface OutgoingFile {
  name: string;
  mime: string;
  size: number;
  /** Its alt text from the media library ('' when it has none): what a network shows instead of it. */
  alt: string;
  /**
   * Runs `use` holding the file's size of the budget; `body()` streams the file from the store, afresh
   * on every call (a redirect sends it again).
   */
  send: <T>(use: (body: () => AsyncIterable<Uint8Array>) => Promise<T>) => Promise<T>;
  /** Runs `use` with the whole file in memory, holding its size of the budget (small files only). */
  withBytes: <T>(use: (bytes: Uint8Array) => Promise<T>) => Promise<T>;
}

/** Default bytes of media one worker sends at once, all its lanes together. */
export const MEDIA_BYTES_IN_FLIGHT = 64 * 1024 * 1024;

/**
 * Bytes of media a worker sends at once: a file waits for room before it is read, first come first
 * served. A file larger than the whole budget takes all of it.
 */
export function createByteBudget(limit: number) {
  let used = 0;
  const waiting: { bytes: number; go: () => void }[] = [];
  const wake = () => {
    while (waiting.length > 0 && used + waiting[0]!.bytes <= limit) {
      const next = waiting.shift()!;
      used += next.bytes;
      next.go();
    }
  };
  return {
    async hold<T>(size: number, work: () => Promise<T>): Promise<T> {
      const bytes = Math.min(size, limit);
      if (waiting.length === 0 && used + bytes <= limit) used += bytes;
      else await new Promise<void>((go) => waiting.push({ bytes, go }));
      try {
        return await work();
      } finally {
        used -= bytes;
        wake();
      }
    },
  };
}

export type ByteBudget = ReturnType<typeof createByteBudget>;

export function outgoingFile(name: string, stored: StoredFile, budget: ByteBudget): OutgoingFile {
  async function* body(): AsyncIterable<Uint8Array> {
    if (stored.size === 0) return;
    yield* Readable.fromWeb((await stored.read(0, stored.size - 1)) as NodeReadableStream<Uint8Array>) as AsyncIterable<Uint8Array>;
  }
  return {
    name,
    mime: stored.mime,
    size: stored.size,
    alt: stored.alt,
    send: (use) => budget.hold(stored.size, () => use(body)),
    withBytes: (use) =>
      budget.hold(stored.size, async () => {
        const chunks: Uint8Array[] = [];
        for await (const chunk of body()) chunks.push(chunk);
        return use(Buffer.concat(chunks));
      }),
  };
}
