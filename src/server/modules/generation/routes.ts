import { streamSSE, type SSEStreamingApi } from 'hono/streaming';
import { jobIdParamSchema } from '@shared/schemas/generation';
import type { AppDeps } from '../../context';
import type { ProgressMessage } from './generation-service';
import { validate } from '../../validation';
import { protectedRoutes } from '../../middleware/protected-routes';

/** Writes a job's progress as Server-Sent Events until it ends; a client that hangs up ends it at once. */
async function relay(stream: SSEStreamingApi, progress: (hangUp: AbortSignal) => AsyncGenerator<ProgressMessage>) {
  const hangUp = new AbortController();
  stream.onAbort(() => hangUp.abort());
  for await (const message of progress(hangUp.signal)) {
    // A keep-alive is a comment line, so proxies do not cut an idle stream.
    if (message.kind === 'progress') await stream.writeSSE({ event: 'progress', data: message.data });
    else await stream.write(': keep-alive\n\n');
  }
}

/** Mounted at /generation-jobs: one job in full, or its progress, polled or as Server-Sent Events. */
export function generationJobRoutes(deps: AppDeps) {
  const { services } = deps;
  return (
    protectedRoutes(deps)
      .get('/:jobId', validate('param', jobIdParamSchema), async (c) =>
        c.json({ job: await services.generation.get(c.var.user.id, c.req.valid('param').jobId) }),
      )
      // The job's counts and latest post, without its staged posts: the polling twin of /events.
      .get('/:jobId/progress', validate('param', jobIdParamSchema), async (c) =>
        c.json({ progress: await services.generation.progress(c.var.user.id, c.req.valid('param').jobId) }),
      )
      // Writes again just the posts a finished job could not write, as a new job.
      .post('/:jobId/retry', validate('param', jobIdParamSchema), async (c) =>
        c.json({ job: await services.generation.retryUnwritten(c.var.user.id, c.req.valid('param').jobId) }, 202),
      )
      // Live progress (as GET …/progress answers it); clients fall back to polling that if this stream fails.
      .get('/:jobId/events', validate('param', jobIdParamSchema), async (c) => {
        const progress = await services.generation.follow(c.var.user.id, c.req.valid('param').jobId, { heartbeatMs: deps.progressHeartbeatMs });
        return streamSSE(c, (stream) => relay(stream, progress));
      })
  );
}
