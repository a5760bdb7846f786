import type { IncomingHttpHeaders } from 'node:http';

/** One request as a handler sees it: query and form parameters merged, the JSON body parsed, the raw bytes kept. */
export interface Call {
  method: string;
  path: string;
  params: Record<string, string>;
  json: unknown;
  bytes: Buffer;
  headers: IncomingHttpHeaders;
}

export interface Reply {
  status: number;
  json?: unknown;
  html?: string;
  location?: string;
  headers?: Record<string, string>;
}

export const ok = (json: unknown, headers: Record<string, string> = {}): Reply => ({ status: 200, json, headers });
