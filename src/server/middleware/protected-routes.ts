import { Hono } from 'hono';
import type { AppDeps, AppEnv } from '../context';
import { requireSession } from './session';

/**
 * Starts a resource's routes behind the session check. Mounted per resource (not on all of /api)
 * so an unknown /api path still answers 404 rather than 401.
 */
export function protectedRoutes(deps: Pick<AppDeps, 'auth'>) {
  return new Hono<AppEnv>().use(requireSession(deps.auth));
}
