import { createServer, request as httpRequest, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A load balancer for tests: each HTTP request goes to the next of `targets` in turn (no sticky
 * sessions), streamed both ways, so Server-Sent Events pass through. Targets can be swapped while it
 * runs (an instance restarted on a new port).
 */
export async function startRoundRobinProxy(initialTargets: string[] = []) {
  let targets = [...initialTargets];
  let turn = 0;
  const forward = (incoming: IncomingMessage, outgoing: ServerResponse) => {
    if (targets.length === 0) {
      outgoing.writeHead(503).end();
      return;
    }
    const target = new URL(targets[turn++ % targets.length]!);
    const upstream = httpRequest(
      { host: target.hostname, port: target.port, method: incoming.method, path: incoming.url, headers: incoming.headers },
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(outgoing);
      },
    );
    upstream.on('error', () => {
      if (!outgoing.headersSent) outgoing.writeHead(502);
      outgoing.end();
    });
    outgoing.on('close', () => upstream.destroy());
    incoming.pipe(upstream);
  };
  const server = createServer(forward);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    setTargets(next: string[]) {
      targets = [...next];
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
