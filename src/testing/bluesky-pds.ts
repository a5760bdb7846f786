import { generateKeyPairSync } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import net, { type AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { AtpAgent } from '@atproto/api';
import * as pds from '@atproto/pds';
import { Database as PlcDatabase, PlcServer } from '@did-plc/server';

/** A free port on loopback: the PDS takes a port number, not a listening socket, and names itself by it. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
    probe.on('error', reject);
  });
}

/** A secp256k1 private key as hex, the form the PDS takes for its PLC rotation key. */
function k256PrivateKeyHex(): string {
  const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'secp256k1' });
  return Buffer.from(privateKey.export({ format: 'jwk' }).d!, 'base64url').toString('hex');
}

export interface BlueskyAccount {
  did: string;
  handle: string;
  password: string;
  appPassword: string;
}

/**
 * A real Bluesky PDS (@atproto/pds) on loopback, with its own temporary folder and a PLC directory
 * (@did-plc/server) whose database lives in memory; nothing reaches the network (no relay, no app view).
 * `createAccount` makes an account and an app password for it, as a person does in Bluesky's settings.
 */
export async function startBlueskyPds() {
  const plc = PlcServer.create({ db: PlcDatabase.mock(), port: 0 });
  const plcListener = await plc.start();
  const plcUrl = `http://localhost:${(plcListener.address() as AddressInfo).port}`;
  const dataDirectory = await mkdtemp(path.join(os.tmpdir(), 'planner-pds-'));
  const port = await freePort();
  const env: pds.ServerEnvironment = {
    port,
    hostname: 'localhost',
    devMode: true,
    dataDirectory,
    blobstoreDiskLocation: path.join(dataDirectory, 'blobs'),
    didPlcUrl: plcUrl,
    jwtSecret: 'jwt-secret-of-the-test-pds',
    adminPassword: 'admin-of-the-test-pds',
    serviceHandleDomains: ['.test'],
    plcRotationKeyK256PrivateKeyHex: k256PrivateKeyHex(),
    inviteRequired: false,
    crawlers: [],
    bskyAppViewUrl: 'https://appview.invalid',
    bskyAppViewDid: 'did:example:invalid',
    modServiceUrl: 'https://moderator.invalid',
    modServiceDid: 'did:example:invalid',
    rateLimitsEnabled: false,
  };
  const server = await pds.PDS.create(pds.envToCfg(env), pds.envToSecrets(env));
  await server.start();
  const url = `http://localhost:${port}`;
  /** Every XRPC method called on the PDS, in order (e.g. 'com.atproto.repo.createRecord'). */
  const calls: string[] = [];
  const losing = new Set<string>();
  const holding = new Map<string, Promise<void>>();
  server.server!.prependListener('request', (request: IncomingMessage, response: ServerResponse) => {
    const method = new URL(request.url ?? '/', url).pathname.replace(/^\/xrpc\//, '');
    calls.push(method);
    const until = holding.get(method);
    if (until) {
      holding.delete(method);
      // The PDS does the work; its answer waits.
      const end = response.end.bind(response) as (...args: unknown[]) => ServerResponse;
      response.end = ((...args: unknown[]) => {
        void until.then(() => end(...args));
        return response;
      }) as typeof response.end;
    }
    if (!losing.delete(method)) return;
    // The PDS does the work; only its answer is lost on the way back.
    response.writeHead = (() => {
      request.socket.destroy();
      return response;
    }) as typeof response.writeHead;
  });

  return {
    url,
    calls,
    /** The next call of `method` is carried out, but the connection closes before its answer. */
    loseAnswerOnce(method: string) {
      losing.add(method);
    },
    /** The next call of `method` is carried out, and its answer held back until `release()`. */
    holdAnswerOnce(method: string) {
      let release!: () => void;
      holding.set(method, new Promise<void>((resolve) => (release = resolve)));
      return release;
    },
    /** A client of the PDS for the test's own reads and setup. */
    agent: () => new AtpAgent({ service: url }),

    async createAccount(name: string): Promise<BlueskyAccount> {
      const agent = new AtpAgent({ service: url });
      const handle = `${name}.test`;
      const password = `main-password-of-${name}`;
      await agent.createAccount({ email: `${name}@example.test`, handle, password });
      const { data } = await agent.com.atproto.server.createAppPassword({ name: 'Content planner' });
      return { did: agent.session!.did, handle, password, appPassword: data.password };
    },

    async close() {
      await server.destroy();
      await plc.destroy();
      await rm(dataDirectory, { recursive: true, force: true });
    },
  };
}

export type BlueskyPds = Awaited<ReturnType<typeof startBlueskyPds>>;
