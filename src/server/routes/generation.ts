import { streamSSE } from 'hono/streaming';
import { listCountries, listHolidays } from '../ai/holidays';
import { generationJobSchema, holidayQuerySchema, jobIdParamSchema, startGenerationSchema } from '../../shared/schemas/generation';
import { monthIdParamSchema } from '../../shared/schemas/month';
import { Hono } from 'hono';
import type { HolidayCountry } from '../../shared/schemas/generation';
import type { AppDeps, AppEnv } from '../context';
import { validate } from '../validation';
import { protectedRoutes } from './protected';

const HEARTBEAT_MS = 15_000;

/** Resolves true when woken, false after `ms` without a wake-up; the timer never outlives the wait. */
function untilWoken(ms: number, setWake: (wake: () => void) => void): Promise<boolean> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), ms);
    setWake(() => {
      clearTimeout(timer);
      resolve(true);
    });
  });
}

/** Mounted inside the (already protected) month routes: start a generation, find the latest job. */
export function monthGenerationRoutes(deps: AppDeps) {
  const { services } = deps;
  return new Hono<AppEnv>()
    .post('/:id/generation', validate('param', monthIdParamSchema), validate('json', startGenerationSchema), async (c) =>
      c.json({ job: await services.generation.start(c.var.user.id, c.req.valid('param').id, c.req.valid('json')) }, 202),
    )
    .get('/:id/generation', validate('param', monthIdParamSchema), async (c) =>
      c.json({ job: await services.generation.latest(c.var.user.id, c.req.valid('param').id) }),
    );
}

/** Mounted at /generation-jobs: follow one job, by polling or as Server-Sent Events. */
export function generationJobRoutes(deps: AppDeps) {
  const { services } = deps;
  const heartbeatMs = deps.progressHeartbeatMs ?? HEARTBEAT_MS;
  return protectedRoutes(deps)
    .get('/:jobId', validate('param', jobIdParamSchema), async (c) =>
      c.json({ job: await services.generation.get(c.var.user.id, c.req.valid('param').jobId) }),
    )
    .get('/:jobId/events', validate('param', jobIdParamSchema), async (c) => {
      const first = await services.generation.get(c.var.user.id, c.req.valid('param').jobId);
      // Live progress; clients fall back to polling GET /generation-jobs/:jobId if this stream fails.
      return streamSSE(c, async (stream) => {
        // The database is the source of truth; runner events only say "read again now", so an event
        // that races with a read can never leave the stream holding a stale state.
        let changed = true;
        let wake: () => void = () => undefined;
        const unsubscribe = services.runner.subscribe(first.id, () => {
          changed = true;
          wake();
        });
        // A client that hangs up wakes the loop, which ends and lets go of the job.
        stream.onAbort(() => wake());
        try {
          let sent = '';
          while (!stream.aborted) {
            changed = false;
            const latest = (await services.runner.snapshot(first.id)) ?? first;
            const payload = JSON.stringify(generationJobSchema.parse(latest));
            if (payload !== sent) {
              await stream.writeSSE({ event: 'progress', data: payload });
              sent = payload;
            }
            if (latest.status !== 'running') break;
            if (!changed && !(await untilWoken(heartbeatMs, (resolve) => (wake = resolve))) && !stream.aborted) {
              // Nothing happened for a while: a comment line, so proxies do not cut an idle stream.
              await stream.write(': keep-alive\n\n');
            }
          }
        } finally {
          unsubscribe();
        }
      });
    });
}

/** Mounted at /holidays: public holidays for the Generate tab's pick-list. */
export function holidayRoutes(deps: AppDeps) {
  return protectedRoutes(deps)
    .get('/', validate('query', holidayQuerySchema), (c) => {
      const { country, year, month } = c.req.valid('query');
      return c.json({ holidays: listHolidays(country, year, month) });
    })
    .get('/countries', (c) => c.json({ countries: listCountries() satisfies HolidayCountry[] }));
}
