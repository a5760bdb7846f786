import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A server on a loopback port of its own (so another origin than `target`) that answers every request
 * with a 307 to the same path at `target`: an instance or service that moved, or one that sends our
 * requests somewhere else. `redirected` lists what it answered ("POST /path").
 */
export async function startRedirector(target: string) {
  const redirected: string[] = [];
  const server = http.createServer((request, response) => {
    redirected.push(`${request.method} ${request.url}`);
    request.resume();
    response.writeHead(307, { location: new URL(request.url ?? '/', target).toString() }).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    redirected,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
