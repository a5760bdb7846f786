import { isIP } from 'node:net';

/**
 * Which proxies in front of the server may tell the client's address in X-Forwarded-For: nobody
 * (the socket address is the client), the nearest `count` hops, or proxies at these addresses.
 */
export type TrustProxy = { kind: 'none' } | { kind: 'hops'; count: number } | { kind: 'addresses'; addresses: string[] };

/** TRUST_PROXY's value: a whole number of hops, or a comma-separated list of proxy IP addresses. */
export function parseTrustProxy(value: string): TrustProxy | undefined {
  const text = value.trim();
  if (/^\d+$/.test(text)) return Number(text) === 0 ? { kind: 'none' } : { kind: 'hops', count: Number(text) };
  const addresses = text.split(',').map((entry) => normalizeAddress(entry.trim()));
  if (addresses.some((address) => address === undefined || address === '')) return undefined;
  return { kind: 'addresses', addresses: addresses as string[] };
}

/**
 * The client's address for a request that reached us from `socketAddress` carrying this
 * X-Forwarded-For. Each proxy appends the address it saw, so the header is read from the right:
 * while the address in hand is a trusted proxy, the entry before it is taken. Entries a client
 * wrote itself lie left of every trusted proxy and are never reached. A malformed entry ends the
 * walk at the last trusted proxy.
 */
export function clientAddress(socketAddress: string | undefined, forwardedFor: string | undefined, trust: TrustProxy): string | undefined {
  let client = normalizeAddress(socketAddress);
  if (client === undefined || trust.kind === 'none' || !forwardedFor?.trim()) return client;
  const chain = forwardedFor.split(',');
  for (let hop = 0; chain.length > 0 && isTrusted(client, hop, trust); hop += 1) {
    const previous = normalizeAddress(chain.pop()!.trim());
    if (previous === undefined) break;
    client = previous;
  }
  return client;
}

function isTrusted(address: string, hop: number, trust: TrustProxy): boolean {
  if (trust.kind === 'hops') return hop < trust.count;
  return trust.kind === 'addresses' && trust.addresses.includes(address);
}

/** One spelling per address: no port or brackets, IPv4-mapped IPv6 as IPv4, IPv6 lower-case and compressed. */
function normalizeAddress(raw: string | undefined): string | undefined {
  if (!raw) return undefined;
  let address = raw;
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(address);
  if (bracketed) address = bracketed[1]!;
  else if (/^[\d.]+:\d+$/.test(address)) address = address.slice(0, address.lastIndexOf(':'));
  const mapped = /^::ffff:([\d.]+)$/i.exec(address);
  if (mapped) address = mapped[1]!;
  const family = isIP(address);
  if (family === 4) return address;
  if (family === 6) return new URL(`http://[${address}]`).hostname.slice(1, -1);
  return undefined;
}
