import type { IncomingHttpHeaders } from 'node:http';
import type { HostReply } from '../stand-in/loopback-hosts';

/** One request as a route sees it: its query, and its body as a form, JSON or multipart parts. */
export interface XCall {
  method: string;
  path: string;
  query: URLSearchParams;
  form: Record<string, string>;
  json: unknown;
  parts: FormData | undefined;
  headers: IncomingHttpHeaders;
}

export type XReply = HostReply;

/** The body as the content type says: a form, JSON (undefined when it does not parse) or multipart parts. */
export async function readCall(method: string, url: URL, headers: IncomingHttpHeaders, raw: Buffer): Promise<XCall> {
  const type = String(headers['content-type'] ?? '');
  let form: Record<string, string> = {};
  let json: unknown;
  let parts: FormData | undefined;
  if (type.startsWith('application/x-www-form-urlencoded')) form = Object.fromEntries(new URLSearchParams(raw.toString('utf8')));
  else if (type.startsWith('application/json')) {
    try {
      json = JSON.parse(raw.toString('utf8'));
    } catch {
      json = undefined;
    }
  } else if (type.startsWith('multipart/form-data')) {
    parts = await new Response(new Uint8Array(raw), { headers: { 'content-type': type } }).formData().catch(() => undefined);
  }
  return { method, path: url.pathname, query: url.searchParams, form, json, parts, headers };
}

/** The bearer token of a call, or undefined. */
export function bearer(call: XCall): string | undefined {
  const [scheme = '', value, ...rest] = (call.headers.authorization ?? '').split(' ');
  return scheme.toLowerCase() === 'bearer' && value && rest.length === 0 ? value : undefined;
}
