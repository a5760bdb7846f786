import type { Auth } from './platform/auth';
import type { Config } from './config';
import type { DatabaseHandle } from './platform/db/database';
import type { Logger } from './platform/logger';
import type { Services } from './compose';

export interface SessionUser {
  id: string;
  email: string;
  name: string;
}

/** Everything the app needs, built once in main.ts (and by tests with their own database). */
export interface AppDeps {
  config: Config;
  database: DatabaseHandle;
  auth: Auth;
  log: Logger;
  services: Services;
  /** Folder of the built web app; absent in API-only tests. */
  webRoot?: string;
  /** How often an idle progress stream sends a keep-alive comment; tests shorten it. */
  progressHeartbeatMs?: number;
}

export interface AppEnv {
  Variables: {
    user: SessionUser;
  };
}
