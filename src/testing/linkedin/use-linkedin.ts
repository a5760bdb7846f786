import { afterAll, beforeAll, beforeEach } from 'vitest';
import { onboardedClient, read } from '../test-client';
import type { TestClock } from '../test-clock';
import { startTestServer, type TestServer } from '../test-server';
import { startLinkedInServer, type LinkedInServer, type LinkedInServerOptions } from './linkedin-server';

/** The env that points the app's LinkedIn provider at the stand-in. */
export function linkedinProviderEnv(linkedin: LinkedInServer): Record<string, string> {
  return {
    LINKEDIN_CLIENT_ID: linkedin.app.clientId,
    LINKEDIN_CLIENT_SECRET: linkedin.app.clientSecret,
    LINKEDIN_API_URL: linkedin.urls.api,
    LINKEDIN_AUTH_URL: linkedin.urls.www,
  };
}

/**
 * Hooks for a LinkedIn test file: the stand-in and a test server pointed at it (private addresses allowed,
 * `env` added, on `clock`), the server's callback among the app's redirect URLs, and the clock set back
 * before each test to where it stood when this was called.
 */
export function useLinkedIn(clock: TestClock, env: Record<string, string> = {}, options: LinkedInServerOptions = {}) {
  const start = clock.now();
  let server: TestServer | undefined;
  let linkedin: LinkedInServer | undefined;
  beforeAll(async () => {
    linkedin = await startLinkedInServer({ now: clock.now, ...options });
    server = await startTestServer({ PUBLISH_ALLOW_PRIVATE_URLS: 'true', ...linkedinProviderEnv(linkedin), ...env }, {}, { now: clock.now });
    linkedin.allowRedirectUri(`${server.url}/api/connections/oauth/callback/linkedin`);
  });
  afterAll(async () => Promise.all([server?.close(), linkedin?.close()]));
  beforeEach(() => clock.set(start));
  return { server: () => server!, linkedin: () => linkedin! };
}

/** A signed-in user with their workspace made. */
export async function linkedinUser(server: TestServer) {
  const client = await onboardedClient(server.url);
  await read(client.api.workspace.$get());
  return client;
}
