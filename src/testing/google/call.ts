import type { HostCall, HostReply } from '../stand-in/loopback-hosts';

/** One request as a route sees it: query and form parameters merged; a JSON body kept whole. */
export interface Call extends HostCall {
  json: unknown;
}

export type Reply = HostReply;

export const ok = (json: unknown): Reply => ({ status: 200, json });

/** The bearer token of an API call: `Authorization: Bearer …` or the `access_token` query parameter. */
export function bearer(call: Call): string | undefined {
  const [scheme = '', value, ...rest] = (call.headers.authorization ?? '').split(' ');
  if (scheme.toLowerCase() === 'bearer' && value && rest.length === 0) return value;
  return call.params.access_token;
}
