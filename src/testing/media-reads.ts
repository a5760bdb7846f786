import type { MediaStore } from '@server/platform/media-store/media-store';

/**
 * Watches what is read from a media store until `stop()`: the files opened, the most bytes of files
 * being read at once, and (given `delivered`, the bytes the receiver has got so far) the most bytes read
 * but not yet delivered, which is what the sender held.
 */
export function watchMediaReads(store: MediaStore, delivered: () => number = () => Infinity) {
  const read = store.read;
  const watched = { opened: [] as string[], mostOpen: 0, mostHeld: 0, stop: () => void (store.read = read) };
  let [openBytes, readBytes] = [0, 0];
  store.read = async (userId, fileId, start, end) => {
    watched.opened.push(fileId);
    openBytes += end - start + 1;
    watched.mostOpen = Math.max(watched.mostOpen, openBytes);
    return (await read(userId, fileId, start, end)).pipeThrough(
      new TransformStream<Uint8Array, Uint8Array>({
        transform(chunk, controller) {
          readBytes += chunk.length;
          watched.mostHeld = Math.max(watched.mostHeld, readBytes - delivered());
          controller.enqueue(chunk);
        },
        flush: () => void (openBytes -= end - start + 1),
      }),
    );
  };
  return watched;
}
