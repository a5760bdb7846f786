import type { HostCall, HostReply } from '../stand-in/loopback-hosts';

/** One request as a handler sees it: query and form parameters merged, the JSON body parsed, the raw bytes kept. */
export interface Call extends HostCall {
  json: unknown;
  bytes: Buffer;
}

export type Reply = HostReply;

export const ok = (json: unknown, headers: Record<string, string> = {}): Reply => ({ status: 200, json, headers });
