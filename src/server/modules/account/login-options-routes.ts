import { Hono } from 'hono';
import type { LoginOptions } from '@shared/schemas/auth';
import type { AppDeps, AppEnv } from '../../context';

/** Mounted at /login-options, open to anyone: what the login page offers, and nothing about the server's set-up beyond it. */
export function loginOptionsRoutes(deps: Pick<AppDeps, 'config'>) {
  return new Hono<AppEnv>().get('/', (c) => c.json({ passwordReset: deps.config.mail !== undefined } satisfies LoginOptions));
}
