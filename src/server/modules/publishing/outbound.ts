import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import net, { BlockList } from 'node:net';
import { pipeline } from 'node:stream';

/**
 * Requests to addresses users give us (webhooks, instances). A URL must be https and, unless
 * `allowPrivate` (PUBLISH_ALLOW_PRIVATE_URLS, which also allows http), may not reach loopback or
 * private networks; link-local and cloud metadata addresses are refused always. The check runs on
 * the addresses the connection really uses (a DNS name is resolved and each answer checked, so a
 * name pointing at 127.0.0.1 is refused) and again for every redirect.
 */
export interface OutboundPolicy {
  allowPrivate: boolean;
  /** How long to wait for the connection and for the answer. */
  timeoutMs: number;
  /** Answers are read up to this many bytes, the rest dropped. */
  maxBodyBytes: number;
}

export const DEFAULT_OUTBOUND: OutboundPolicy = { allowPrivate: false, timeoutMs: 15_000, maxBodyBytes: 64 * 1024 };

const NEVER = new BlockList();
for (const [prefix, bits, family] of [
  ['0.0.0.0', 8, 'ipv4'],
  ['169.254.0.0', 16, 'ipv4'],
  ['100.100.100.200', 32, 'ipv4'],
  // IETF protocol assignments: NAT64 discovery (192.0.0.170), Oracle Cloud's older metadata (192.0.0.192).
  ['192.0.0.0', 24, 'ipv4'],
  ['224.0.0.0', 3, 'ipv4'],
  ['::', 128, 'ipv6'],
  ['fe80::', 10, 'ipv6'],
  ['fd00:ec2::254', 128, 'ipv6'],
  ['ff00::', 8, 'ipv6'],
] as const)
  NEVER.addSubnet(prefix, bits, family);

const PRIVATE = new BlockList();
for (const [prefix, bits, family] of [
  ['127.0.0.0', 8, 'ipv4'],
  ['10.0.0.0', 8, 'ipv4'],
  ['172.16.0.0', 12, 'ipv4'],
  ['192.168.0.0', 16, 'ipv4'],
  ['100.64.0.0', 10, 'ipv4'],
  ['198.18.0.0', 15, 'ipv4'],
  ['::1', 128, 'ipv6'],
  ['fc00::', 7, 'ipv6'],
  // Deprecated site-local, local-use NAT64 (where the IPv4 part sits is the operator's choice), Teredo.
  ['fec0::', 10, 'ipv6'],
  ['64:ff9b:1::', 48, 'ipv6'],
  ['2001::', 32, 'ipv6'],
] as const)
  PRIVATE.addSubnet(prefix, bits, family);

export class OutboundRefused extends Error {}

/** The eight 16-bit groups of an IPv6 address, a dotted IPv4 tail and a zone allowed. */
function ipv6Groups(address: string): number[] {
  let text = address.split('%')[0]!;
  const tailStart = text.lastIndexOf(':') + 1;
  const tail = text.slice(tailStart);
  if (net.isIPv4(tail)) {
    const [a, b, c, d] = tail.split('.').map(Number) as [number, number, number, number];
    text = `${text.slice(0, tailStart)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', rest] = text.split('::');
  const parse = (part: string) => (part ? part.split(':').map((group) => parseInt(group, 16)) : []);
  if (rest === undefined) return parse(head);
  const [before, after] = [parse(head), parse(rest)];
  return [...before, ...Array<number>(8 - before.length - after.length).fill(0), ...after];
}

/**
 * The IPv4 address an IPv6 address stands for, if it is one of the forms that carry one: IPv4-mapped
 * (::ffff:0:0/96), SIIT (::ffff:0:0:0/96), NAT64 (64:ff9b::/96), 6to4 (2002::/16) and the deprecated
 * IPv4-compatible (::/96, but for :: and ::1). Such an address reaches that IPv4 host, so it is judged as it.
 */
function embeddedIPv4(address: string): string | undefined {
  const groups = ipv6Groups(address);
  const zeros = (from: number, to: number) => groups.slice(from, to).every((group) => group === 0);
  const ipv4 = (high: number, low: number) => [high >> 8, high & 255, low >> 8, low & 255].join('.');
  const [g0, g1, g2, , g4, g5, g6, g7] = groups as [number, number, number, number, number, number, number, number];
  if (zeros(0, 5) && g5 === 0xffff) return ipv4(g6, g7);
  if (zeros(0, 4) && g4 === 0xffff && g5 === 0) return ipv4(g6, g7);
  if (g0 === 0x64 && g1 === 0xff9b && zeros(2, 6)) return ipv4(g6, g7);
  if (g0 === 0x2002) return ipv4(g1, g2);
  if (zeros(0, 6) && (g6 !== 0 || g7 > 1)) return ipv4(g6, g7);
  return undefined;
}

/** Why an address may not be reached, or undefined when it may. */
export function addressRefusal(raw: string, allowPrivate: boolean): string | undefined {
  const family = net.isIPv6(raw) ? 'ipv6' : 'ipv4';
  const inside = family === 'ipv6' ? embeddedIPv4(raw) : undefined;
  if (inside) return addressRefusal(inside, allowPrivate);
  const address = raw.split('%')[0]!;
  if (NEVER.check(address, family)) return 'it points to a link-local or cloud metadata address';
  if (!allowPrivate && PRIVATE.check(address, family)) return 'it points to a private or loopback address';
  return undefined;
}

/** Checks a URL's form (https, no credentials in it, a literal address allowed); DNS names are checked on connecting. */
export function checkUrl(raw: string, policy: Pick<OutboundPolicy, 'allowPrivate'>): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new OutboundRefused('This is not a web address. Enter the full address, starting with https://');
  }
  const schemes = policy.allowPrivate ? ['https:', 'http:'] : ['https:'];
  if (!schemes.includes(url.protocol)) throw new OutboundRefused('The address must start with https:// so posts travel encrypted.');
  if (url.username || url.password) throw new OutboundRefused('Put no user name or password in the address; the connection signs its requests instead.');
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (net.isIP(host)) {
    const refusal = addressRefusal(host, policy.allowPrivate);
    if (refusal) throw new OutboundRefused(`This address cannot be used: ${refusal}.`);
  }
  return url;
}

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | dns.LookupAddress[], family?: number) => void;

/** dns.lookup that refuses a name resolving to any address we may not reach. */
function guardedLookup(allowPrivate: boolean) {
  return (hostname: string, options: dns.LookupOptions, callback: LookupCallback) => {
    dns.lookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, '');
      for (const { address } of addresses) {
        const refusal = addressRefusal(address, allowPrivate);
        if (refusal) return callback(Object.assign(new OutboundRefused(`${hostname} cannot be used: ${refusal}.`), { code: 'EREFUSED_ADDRESS' }), '');
      }
      if (options.all) return callback(null, addresses);
      callback(null, addresses[0]!.address, addresses[0]!.family);
    });
  };
}

export interface OutboundRequest {
  url: string;
  method: 'GET' | 'POST' | 'PUT';
  headers: Record<string, string>;
  /** A stream's body is a function that opens it, called at each hop (set content-length in `headers`). */
  body?: string | Buffer | (() => AsyncIterable<Uint8Array>);
  /**
   * Where redirects may lead. 'same-origin' (the default) refuses a redirect to another origin: a
   * request with credentials (a bearer token, a password in the body) goes to the address the user
   * gave and nowhere else. 'any-origin' follows it, without any authorization or cookie header.
   */
  redirects?: 'same-origin' | 'any-origin';
  /** The delivery's overall time limit: once aborted, no hop starts and the one under way ends. */
  signal?: AbortSignal;
}

/**
 * What became of a request. `not-sent`: it never fully left (safe to try again); `no-answer`: it left
 * and no answer came (the receiver may have acted on it); `refused`: our own rules stopped it.
 */
export type OutboundResult =
  | { reach: 'answered'; status: number; headers: http.IncomingHttpHeaders; body: string }
  | { reach: 'not-sent'; reason: string }
  | { reach: 'no-answer'; reason: string }
  | { reach: 'refused'; reason: string };

const MAX_REDIRECTS = 3;
const NOT_SENT_IN_TIME: OutboundResult = { reach: 'not-sent', reason: 'the time limit for sending it passed first' };

function sendOnce(url: URL, request: OutboundRequest, policy: OutboundPolicy): Promise<OutboundResult> {
  return new Promise((resolve) => {
    const { signal } = request;
    if (signal?.aborted) return resolve(NOT_SENT_IN_TIME);
    const agent = url.protocol === 'https:' ? https : http;
    let sent = false;
    let settled = false;
    let unreadable = false;
    const finish = (result: OutboundResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      signal?.removeEventListener('abort', abort);
      resolve(result);
    };
    const outgoing = agent.request(url, {
      method: request.method,
      headers: request.headers,
      lookup: guardedLookup(policy.allowPrivate) as never,
      agent: false,
    });
    const timer = setTimeout(() => {
      outgoing.destroy();
      finish(
        sent
          ? { reach: 'no-answer', reason: `no answer within ${Math.round(policy.timeoutMs / 1000)} s` }
          : { reach: 'not-sent', reason: 'timed out connecting' },
      );
    }, policy.timeoutMs);
    // An answer under way is taken as read so far; otherwise the request may or may not have arrived.
    let answered: (() => void) | undefined;
    const abort = () => {
      answered?.();
      outgoing.destroy();
      finish(sent ? { reach: 'no-answer', reason: 'no answer came within the time limit for sending it' } : NOT_SENT_IN_TIME);
    };
    signal?.addEventListener('abort', abort, { once: true });
    outgoing.on('finish', () => (sent = true));
    outgoing.on('error', (error: NodeJS.ErrnoException) => {
      if (error instanceof OutboundRefused || error.code === 'EREFUSED_ADDRESS') return finish({ reach: 'refused', reason: error.message });
      if (unreadable) return finish({ reach: 'not-sent', reason: 'a file to send could not be read' });
      finish(sent ? { reach: 'no-answer', reason: 'the connection closed before an answer came' } : { reach: 'not-sent', reason: describeNetworkError(error) });
    });
    outgoing.on('response', (response) => {
      const chunks: Buffer[] = [];
      let size = 0;
      response.on('data', (chunk: Buffer) => {
        if (size >= policy.maxBodyBytes) return;
        chunks.push(chunk.subarray(0, policy.maxBodyBytes - size));
        size += chunk.length;
        if (size >= policy.maxBodyBytes) response.destroy();
      });
      const done = () =>
        finish({ reach: 'answered', status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks).toString('utf8') });
      answered = done;
      response.on('end', done);
      response.on('close', done);
      response.on('error', done);
    });
    const { body } = request;
    if (typeof body !== 'function') outgoing.end(body);
    else {
      // Streamed with backpressure: a file is never whole in memory. A body that cannot be read was not sent.
      pipeline(
        async function* () {
          try {
            yield* body();
          } catch (error) {
            unreadable = true;
            throw error;
          }
        },
        outgoing,
        // The request may close without an error event when its body fails before the socket connects.
        () => unreadable && finish({ reach: 'not-sent', reason: 'a file to send could not be read' }),
      );
    }
  });
}

function describeNetworkError(error: NodeJS.ErrnoException): string {
  if (error.code === 'ENOTFOUND' || error.code === 'EAI_AGAIN') return 'the address could not be found (DNS)';
  if (error.code === 'ECONNREFUSED') return 'the receiver refused the connection';
  if (error.code?.startsWith('ERR_TLS') || error.code?.includes('CERT')) return 'the receiver’s certificate is not valid';
  return 'the receiver could not be reached';
}

/** Headers that are credentials by name: never sent to an origin other than the one the request was made for. */
const CREDENTIAL_HEADERS = new Set(['authorization', 'proxy-authorization', 'cookie']);

/**
 * Sends a request under the policy, following up to three redirects, each checked like the first and
 * each kept to the request's origin unless it allows any (see `redirects`).
 */
export async function sendOutbound(request: OutboundRequest, policy: OutboundPolicy): Promise<OutboundResult> {
  let origin = '';
  let target = request.url;
  let headers = request.headers;
  for (let hop = 0; ; hop++) {
    let url: URL;
    try {
      url = checkUrl(target, policy);
    } catch (error) {
      if (error instanceof OutboundRefused)
        return { reach: 'refused', reason: hop === 0 ? error.message : `It redirected elsewhere, and ${lowerFirst(error.message)}` };
      throw error;
    }
    if (hop === 0) origin = url.origin;
    if (url.origin !== origin) {
      if ((request.redirects ?? 'same-origin') === 'same-origin')
        return { reach: 'refused', reason: `It redirected to another address (${url.host}), and the connection's credentials go only to its own address.` };
      headers = Object.fromEntries(Object.entries(headers).filter(([name]) => !CREDENTIAL_HEADERS.has(name.toLowerCase())));
    }
    const result = await sendOnce(url, { ...request, headers }, policy);
    const location = result.reach === 'answered' && result.status >= 300 && result.status < 400 ? result.headers.location : undefined;
    if (!location) return result;
    if (hop >= MAX_REDIRECTS) return { reach: 'refused', reason: 'It redirected more than three times.' };
    target = new URL(location, url).toString();
  }
}

const lowerFirst = (text: string) => text.charAt(0).toLowerCase() + text.slice(1);

/** The connect-time check: the URL's form and, for a DNS name, every address it resolves to now. */
export async function checkDestination(raw: string, policy: Pick<OutboundPolicy, 'allowPrivate'>): Promise<URL> {
  const url = checkUrl(raw, policy);
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (net.isIP(host)) return url;
  let addresses: dns.LookupAddress[];
  try {
    addresses = await dns.promises.lookup(host, { all: true });
  } catch {
    throw new OutboundRefused(`We could not find ${host} (DNS). Check the address.`);
  }
  for (const { address } of addresses) {
    const refusal = addressRefusal(address, policy.allowPrivate);
    if (refusal) throw new OutboundRefused(`This address cannot be used: ${refusal}.`);
  }
  return url;
}
