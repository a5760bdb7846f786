import { createConnection, createServer, type Socket } from 'node:net';

interface Link {
  client: Socket;
  upstream: Socket;
  /** Open before `holdReplies()`, and the client has sent bytes since: a query waiting for its answer. */
  heldQuery: boolean;
  openedWhileHolding: boolean;
  held: Buffer[];
}

/**
 * A loopback TCP proxy that can be cut and restored: the database "going away" without touching it.
 * It can also hold the database's replies back, so a test knows queries are outstanding when it cuts.
 */
export async function startTcpProxy(targetHost: string, targetPort: number) {
  const links = new Set<Link>();
  let up = true;
  let holding = false;
  let onQuery: () => void = () => undefined;

  const server = createServer((client) => {
    if (!up) return client.destroy();
    const upstream = createConnection(targetPort, targetHost);
    const link: Link = { client, upstream, heldQuery: false, openedWhileHolding: holding, held: [] };
    links.add(link);
    for (const socket of [client, upstream]) socket.on('error', () => undefined);
    client.on('data', (chunk: Buffer) => {
      upstream.write(chunk);
      if (holding && !link.openedWhileHolding && !link.heldQuery) {
        link.heldQuery = true;
        onQuery();
      }
    });
    upstream.on('data', (chunk: Buffer) => (holding ? link.held.push(chunk) : client.write(chunk)));
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => {
      client.destroy();
      links.delete(link);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));

  const queriesWaiting = () => [...links].filter((link) => link.heldQuery).length;

  return {
    port: (server.address() as { port: number }).port,
    /** From now on the database's replies are kept back (the queries still reach it). */
    holdReplies() {
      holding = true;
    },
    /** Resolves once `count` connections that were open before `holdReplies()` have sent a query since. */
    waitForQueries(count: number): Promise<void> {
      return new Promise((resolve) => {
        onQuery = () => {
          if (queriesWaiting() >= count) resolve();
        };
        onQuery();
      });
    },
    /** Drops every open connection (and any reply held back) and refuses new ones. */
    cut() {
      up = false;
      holding = false;
      for (const link of links) {
        link.client.destroy();
        link.upstream.destroy();
      }
    },
    restore() {
      up = true;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const link of links) {
          link.client.destroy();
          link.upstream.destroy();
        }
        server.close(() => resolve());
      }),
  };
}
