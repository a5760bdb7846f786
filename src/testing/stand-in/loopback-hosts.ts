import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * The plumbing every provider stand-in shares: each host it plays on its own loopback port (127.0.0.1,
 * port 0) with the request body collected, the faults a test injects, and `close()`. What a host answers
 * stays with the stand-in's own handler.
 */

/** What a host answers: JSON, an HTML page or a redirect, with headers. */
export interface HostReply {
  status: number;
  json?: unknown;
  html?: string;
  location?: string;
  headers?: Record<string, string>;
}

/** How a JSON answer is written; providers differ in the content type and in what an answer without JSON carries. */
export interface ReplyStyle {
  jsonType: string;
  /** Without JSON: `{}`, an empty body under the JSON content type, or no body and no content type. */
  withoutJson: '{}' | 'empty' | 'bare';
  /** Headers on every answer (the reply's own win). */
  headers?: Record<string, string>;
}

/**
 * A handled request: the reply, and the fault that holds it back when one matched: `hangUp` (the work is
 * done, only the answer is lost), `delayMs`, or `until` a promise settles.
 */
export interface Handled {
  reply: HostReply;
  fault?: object;
}

export interface LoopbackOptions<H extends string> {
  hosts: readonly H[];
  style: ReplyStyle;
  handle: (host: H, request: http.IncomingMessage, body: Buffer) => Handled | Promise<Handled>;
}

function write(response: http.ServerResponse, reply: HostReply, style: ReplyStyle) {
  const headers = { ...style.headers, ...reply.headers };
  if (reply.location) response.writeHead(reply.status, { ...headers, location: reply.location }).end();
  else if (reply.html !== undefined) response.writeHead(reply.status, { 'content-type': 'text/html; charset=utf-8', ...headers }).end(reply.html);
  else if (reply.json === undefined && style.withoutJson === 'bare') response.writeHead(reply.status, headers).end();
  else {
    const body = reply.json === undefined ? (style.withoutJson === '{}' ? '{}' : '') : JSON.stringify(reply.json);
    response.writeHead(reply.status, { 'content-type': style.jsonType, ...headers }).end(body);
  }
}

async function holdBack(request: http.IncomingMessage, fault: object | undefined): Promise<'hung up' | undefined> {
  if (!fault) return undefined;
  if ('hangUp' in fault) {
    request.socket.destroy();
    return 'hung up';
  }
  if ('delayMs' in fault && typeof fault.delayMs === 'number' && fault.delayMs) await new Promise((resolve) => setTimeout(resolve, fault.delayMs as number));
  if ('until' in fault) await fault.until;
  return undefined;
}

/** Starts one server per host; `urls` names each host's origin. */
export async function startLoopbackHosts<H extends string>({ hosts, style, handle }: LoopbackOptions<H>) {
  const listen = (host: H) => {
    const server = http.createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        void (async () => {
          const { reply, fault } = await handle(host, request, Buffer.concat(chunks));
          if ((await holdBack(request, fault)) === 'hung up') return;
          write(response, reply, style);
        })().catch((error: unknown) => {
          response.writeHead(500, { 'content-type': 'text/plain' }).end(String(error));
        });
      });
    });
    return new Promise<http.Server>((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
  };

  const servers = await Promise.all(hosts.map(listen));
  const urls = Object.fromEntries(hosts.map((host, index) => [host, `http://127.0.0.1:${(servers[index]!.address() as AddressInfo).port}`])) as Record<
    H,
    string
  >;
  return {
    urls,
    close: () =>
      Promise.all(
        servers.map(
          (server) =>
            new Promise<void>((resolve) => {
              server.close(() => resolve());
              server.closeAllConnections();
            }),
        ),
      ).then(() => undefined),
  };
}

/** A fault a test injects: the next request to a path (on a host, with a method) is answered otherwise. */
export interface FaultMatch<H extends string> {
  path: string | RegExp;
  host?: H;
  method?: string;
}

/**
 * The injected faults, each used once, in the order given. A fault without a host matches `defaultHost`,
 * or any host when there is none.
 */
export function createFaultList<F extends FaultMatch<H>, H extends string>(defaultHost?: H) {
  const faults: F[] = [];
  return {
    add: (...next: F[]) => faults.push(...next),
    take(host: H, path: string, method?: string): F | undefined {
      const index = faults.findIndex(
        (fault) =>
          (fault.host ?? defaultHost ?? host) === host &&
          (fault.method === undefined || fault.method === method) &&
          (typeof fault.path === 'string' ? fault.path === path : fault.path.test(path)),
      );
      return index >= 0 ? faults.splice(index, 1)[0] : undefined;
    },
  };
}

/** One request as a stand-in's routes see it: query and body parameters merged (each stand-in adds what it keeps of the body). */
export interface HostCall {
  method: string;
  path: string;
  params: Record<string, string>;
  headers: http.IncomingHttpHeaders;
}
