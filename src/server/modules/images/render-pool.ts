import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { ErrorCode } from '@shared/schemas/api-error';
import { AppError } from '../../errors';
import type { Logger } from '../../platform/logger';
import { renderImages, type RenderedImage, type RenderRequest } from './render';
import type { RenderAnswer, RenderMessage } from './render-thread';

/**
 * A job's time for one image. The renderer's own limit (1 s, RENDER_TIME_LIMIT_MS) is for a warm renderer
 * on an idle machine; a job on a busy one gets more room, its text already being bounded.
 */
export const JOB_RENDER_LIMIT_MS = 3000;
/** A thread that has not answered in this long is ended (and started afresh for the next image). */
const THREAD_DEADLINE_MS = 30_000;
const STUCK_MESSAGE = 'Making the image took too long. Try again, or shorten its text.';

/**
 * The thread's entry beside this module: render-thread.ts from the sources (loaded through tsx, as in
 * development and tests), render-thread.js beside the bundled main.js (scripts/build-server.mjs).
 */
function threadEntry(): { start: () => Worker } | null {
  const fromSource = import.meta.url.endsWith('.ts');
  const url = new URL(fromSource ? './render-thread.ts' : './render-thread.js', import.meta.url);
  if (!existsSync(fileURLToPath(url))) return null;
  if (!fromSource) return { start: () => new Worker(url) };
  // A worker does not take tsx from `--import` on Node 20: it registers tsx itself, then loads the entry.
  const tsx = import.meta.resolve('tsx/esm/api');
  const code = `import(${JSON.stringify(tsx)}).then(({ register }) => { register(); return import(${JSON.stringify(url.href)}); });`;
  return { start: () => new Worker(code, { eval: true }) };
}

export type Render = (request: RenderRequest) => Promise<RenderedImage[]>;

/**
 * Renders images in a worker thread, one at a time (callers queue), so the event loop stays free. Where
 * the thread's entry cannot be found, images are rendered in this thread instead (said once in the log).
 */
export function createRenderPool(log: Logger, { timeLimitMs = JOB_RENDER_LIMIT_MS }: { timeLimitMs?: number } = {}) {
  const entry = threadEntry();
  if (!entry) log.warn({ event: 'images.no-render-thread' }, 'rendering images in the main thread: no render-thread entry was found');
  let worker: Worker | null = null;
  let sequence = 0;
  const pending = new Map<number, { resolve: (images: RenderedImage[]) => void; reject: (error: Error) => void; timer: NodeJS.Timeout }>();

  function failAll(error: Error) {
    for (const [id, waiting] of pending) {
      clearTimeout(waiting.timer);
      waiting.reject(error);
      pending.delete(id);
    }
  }

  function thread(): Worker {
    if (worker) return worker;
    const started = entry!.start();
    // The server's own handles keep the process alive; an idle render thread must not.
    started.unref();
    started.on('message', (answer: RenderAnswer) => {
      const waiting = pending.get(answer.id);
      if (!waiting) return;
      pending.delete(answer.id);
      clearTimeout(waiting.timer);
      if ('error' in answer) {
        waiting.reject(answer.error.code ? new AppError(answer.error.code as ErrorCode, answer.error.message) : new Error(answer.error.message));
      } else {
        waiting.resolve(answer.images.map((image) => ({ ...image, bytes: Buffer.from(image.bytes.buffer, image.bytes.byteOffset, image.bytes.byteLength) })));
      }
    });
    started.on('error', (error) => {
      log.error({ event: 'images.render-thread-failed', err: error });
      failAll(error);
    });
    started.on('exit', () => {
      if (worker === started) worker = null;
      failAll(new AppError('unavailable', STUCK_MESSAGE));
    });
    worker = started;
    return started;
  }

  const render: Render = (request) => {
    if (!entry) return renderImages(request, { timeLimitMs });
    return new Promise((resolve, reject) => {
      const id = ++sequence;
      const current = thread();
      const timer = setTimeout(() => {
        log.warn({ event: 'images.render-thread-stuck', ms: THREAD_DEADLINE_MS });
        void current.terminate();
      }, THREAD_DEADLINE_MS);
      timer.unref();
      pending.set(id, { resolve, reject, timer });
      current.postMessage({ id, request, timeLimitMs } satisfies RenderMessage);
    });
  };

  return {
    render,
    /** Loads the fonts and compiles the renderer before the first user waits for it. */
    async warmUp(): Promise<void> {
      const started = performance.now();
      await render({
        template: 'tip',
        content: { headline: 'Ready' },
        brandKit: { colors: [], logo: null, font: 'inter' },
        size: { width: 400, height: 400 },
      }).catch((error: unknown) => log.warn({ event: 'images.warm-up-failed', err: error }));
      log.info({ event: 'images.warmed-up', ms: Math.round(performance.now() - started), threaded: entry !== null });
    },
    async stop(): Promise<void> {
      const current = worker;
      worker = null;
      if (current) await current.terminate();
    },
    threaded: entry !== null,
  };
}

export type RenderPool = ReturnType<typeof createRenderPool>;
