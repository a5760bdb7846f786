import { parentPort } from 'node:worker_threads';
import { AppError } from '../../errors';
import { renderImages, type RenderRequest } from './render';

/**
 * The renderer's own thread (render-pool.ts starts it): satori and resvg are CPU work of a few hundred
 * milliseconds an image, which here never holds up the server's requests.
 */
export interface RenderMessage {
  id: number;
  request: RenderRequest;
  timeLimitMs: number;
}

export type RenderAnswer =
  | { id: number; images: { bytes: Uint8Array; mimeType: 'image/png' | 'image/jpeg'; width: number; height: number }[] }
  | { id: number; error: { code: string | null; message: string } };

parentPort?.on('message', (message: RenderMessage) => {
  renderImages(message.request, { timeLimitMs: message.timeLimitMs }).then(
    (images) => parentPort!.postMessage({ id: message.id, images } satisfies RenderAnswer),
    (error: unknown) =>
      parentPort!.postMessage({
        id: message.id,
        error:
          error instanceof AppError
            ? { code: error.code, message: error.message }
            : { code: null, message: error instanceof Error ? error.message : String(error) },
      } satisfies RenderAnswer),
  );
});
