import http from 'node:http';

/** What TestClient sends requests with: fetch, or fetchFrom for a given source address. */
export type Send = (url: string, init: RequestInit) => Promise<Response>;

/**
 * fetch over a connection from this local address, so the server sees another client. Any
 * 127.x.y.z is a loopback address on Linux, which gives each simulated client its own address.
 */
export function fetchFrom(localAddress: string): Send {
  return async (url, init) => {
    const request = new Request(url, init);
    const body = request.body ? Buffer.from(await request.arrayBuffer()) : undefined;
    const headers = { ...Object.fromEntries(request.headers), ...(body ? { 'content-length': String(body.length) } : {}) };
    return new Promise<Response>((resolve, reject) => {
      const outgoing = http.request(url, { method: request.method, headers, localAddress, agent: false }, (incoming) => {
        const chunks: Buffer[] = [];
        incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
        incoming.on('error', reject);
        incoming.on('end', () => {
          const received = new Headers();
          for (let i = 0; i < incoming.rawHeaders.length; i += 2) received.append(incoming.rawHeaders[i]!, incoming.rawHeaders[i + 1]!);
          const status = incoming.statusCode ?? 0;
          resolve(new Response([204, 304].includes(status) ? null : new Uint8Array(Buffer.concat(chunks)), { status, headers: received }));
        });
      });
      outgoing.on('error', reject);
      outgoing.end(body);
    });
  };
}
