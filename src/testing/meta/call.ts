import type { IncomingHttpHeaders } from 'node:http';

/** One request as a handler sees it: the path without its version prefix, query and body parameters merged. */
export interface Call {
  method: string;
  path: string;
  params: Record<string, string>;
  headers: IncomingHttpHeaders;
}

export interface Reply {
  status: number;
  json?: unknown;
  html?: string;
  location?: string;
  headers?: Record<string, string>;
}

export const ok = (json: unknown): Reply => ({ status: 200, json });

/** The access token of a call: `access_token` in the query or body, or an `Authorization: Bearer|OAuth` header. */
export function accessToken(call: Call): string | undefined {
  if (call.params.access_token) return call.params.access_token;
  const [scheme = '', value, ...rest] = (call.headers.authorization ?? '').split(' ');
  return ['bearer', 'oauth'].includes(scheme.toLowerCase()) && value && rest.length === 0 ? value : undefined;
}

/** The fields a read asks for (`fields=a,b`), or the defaults when it names none. */
export const fieldsOf = (call: Call, defaults: string[]) => (call.params.fields ? call.params.fields.split(',').map((field) => field.trim()) : defaults);

/** Keeps `id` and the asked-for fields of an object. */
export function pick(object: Record<string, unknown>, fields: string[]) {
  return Object.fromEntries(Object.entries(object).filter(([key]) => key === 'id' || fields.includes(key)));
}
