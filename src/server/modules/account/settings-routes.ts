import type { AppDeps } from '../../context';
import { protectedRoutes } from '../../middleware/protected-routes';

/** Mounted at /settings: which writer is in use (never its key or address) and a connection test. */
export function settingsRoutes(deps: AppDeps) {
  const { config, services } = deps;
  return protectedRoutes(deps)
    .get('/ai', (c) => c.json(services.settings.ai(config.ai)))
    .post('/ai/test', async (c) => c.json(await services.settings.testConnection(c.var.user.id)));
}
