import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { startGoogleServer, type GoogleServer } from './google/google-server';
import { startMetaServer, type MetaServer } from './meta/meta-server';
import { googleProviderEnv, metaProviderEnv, xProviderEnv } from './publishing-helpers';
import type { TestClock } from './test-clock';
import { startTestServer, type TestServer } from './test-server';
import { startWebhookReceiver, type WebhookReceiver } from './webhook-receiver';
import { startXServer, type XServer } from './x/x-server';

/**
 * Hooks for a publishing test file: a test server on `clock` with private addresses allowed (the
 * stand-ins listen on 127.0.0.1), and the clock set back before each test to where it stood when this
 * was called. Returns getters: the servers exist once the file's tests start.
 */

/** The server, and a webhook receiver of its own for each test. */
export function useWebhookPublishing(clock: TestClock): { server: () => TestServer; receiver: () => WebhookReceiver } {
  const start = clock.now();
  let server: TestServer | undefined;
  let receiver: WebhookReceiver | undefined;
  beforeAll(async () => {
    server = await startTestServer({ PUBLISH_ALLOW_PRIVATE_URLS: 'true' }, {}, { now: clock.now });
  });
  afterAll(async () => server?.close());
  beforeEach(async () => {
    clock.set(start);
    receiver = await startWebhookReceiver();
  });
  afterEach(async () => receiver?.close());
  return { server: () => server!, receiver: () => receiver! };
}

/**
 * The server with its Facebook, Instagram and Threads apps pointed at the Meta stand-in (on the same
 * clock), whose containers are ready again at the first status read before each test.
 */
export function useMetaPublishing(clock: TestClock): { server: () => TestServer; meta: () => MetaServer } {
  const start = clock.now();
  let server: TestServer | undefined;
  let meta: MetaServer | undefined;
  beforeAll(async () => {
    meta = await startMetaServer({ now: clock.now });
    server = await startTestServer({ PUBLISH_ALLOW_PRIVATE_URLS: 'true', ...metaProviderEnv(meta) }, {}, { now: clock.now });
  });
  afterAll(async () => Promise.all([server?.close(), meta?.close()]));
  beforeEach(() => {
    clock.set(start);
    meta!.setContainerReadiness({ polls: 1, ms: 0 });
  });
  return { server: () => server!, meta: () => meta! };
}

/** The server with its Google app pointed at the Google stand-in (on the same clock), its OAuth callback among the client's redirect URIs. */
export function useGooglePublishing(clock: TestClock): { server: () => TestServer; google: () => GoogleServer } {
  const start = clock.now();
  let server: TestServer | undefined;
  let google: GoogleServer | undefined;
  beforeAll(async () => {
    google = await startGoogleServer({ now: clock.now });
    server = await startTestServer({ PUBLISH_ALLOW_PRIVATE_URLS: 'true', ...googleProviderEnv(google) }, {}, { now: clock.now });
    google.allowRedirectUri(`${server.url}/api/connections/oauth/callback/google`);
  });
  afterAll(async () => Promise.all([server?.close(), google?.close()]));
  beforeEach(() => clock.set(start));
  return { server: () => server!, google: () => google! };
}

/** The server with its X app pointed at the X stand-in (on the same clock), whose callback is registered there. */
export function useXPublishing(clock: TestClock): { server: () => TestServer; x: () => XServer } {
  const start = clock.now();
  let server: TestServer | undefined;
  let x: XServer | undefined;
  beforeAll(async () => {
    x = await startXServer({ now: clock.now });
    server = await startTestServer({ PUBLISH_ALLOW_PRIVATE_URLS: 'true', ...xProviderEnv(x) }, {}, { now: clock.now });
    x.allowRedirectUri(`${server.url}/api/connections/oauth/callback/x`);
  });
  afterAll(async () => Promise.all([server?.close(), x?.close()]));
  beforeEach(() => {
    clock.set(start);
    x!.setVideoProcessing({ polls: 1, fail: false });
  });
  return { server: () => server!, x: () => x! };
}
