import { hc } from 'hono/client';
import type { AppType } from '../../server/app';
import { request } from './api-error';

/** The typed API client: paths and payloads come from the server's route types. */
export const api = hc<AppType>('/api', { fetch: request });
