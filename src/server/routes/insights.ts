import { feedbackSchema } from '../../shared/schemas/feedback';
import { WriterError } from '../ai/writer';
import type { AppDeps } from '../context';
import { validate } from '../validation';
import { protectedRoutes } from './protected';
import type { AiSettings, ConnectionTest } from '../../shared/schemas/settings';

/** Mounted at /analytics. */
export function analyticsRoutes(deps: AppDeps) {
  return protectedRoutes(deps).get('/', async (c) => c.json(await deps.services.insights.analytics(c.var.user.id)));
}

/** Mounted at /feedback. */
export function feedbackRoutes(deps: AppDeps) {
  return protectedRoutes(deps).post('/', validate('json', feedbackSchema), async (c) =>
    c.json(await deps.services.insights.saveFeedback(c.var.user.id, c.req.valid('json')), 201),
  );
}

/** Mounted at /settings: which writer is in use (never its key or address) and a connection test. */
export function settingsRoutes(deps: AppDeps) {
  const { config, services } = deps;
  const ai = config.ai;
  return protectedRoutes(deps)
    .get('/ai', (c) =>
      c.json(
        (ai.kind === 'offline'
          ? { kind: 'offline' as const, label: services.writer.label, provider: null, model: null }
          : { kind: 'ai' as const, label: services.writer.label, provider: ai.provider, model: ai.model }) satisfies AiSettings,
      ),
    )
    .post('/ai/test', async (c) => {
      await services.usage.consumeAiRequest(c.var.user.id);
      const started = performance.now();
      try {
        await services.writer.testConnection(AbortSignal.timeout(25_000));
        return c.json({ ok: true, latencyMs: Math.round(performance.now() - started), message: ai.kind === 'offline' ? 'The built-in template writer needs no connection.' : `${services.writer.label} answered.` } satisfies ConnectionTest);
      } catch (error) {
        const message = error instanceof WriterError ? error.message : 'The connection test failed unexpectedly.';
        return c.json({ ok: false, latencyMs: Math.round(performance.now() - started), message } satisfies ConnectionTest);
      }
    });
}
