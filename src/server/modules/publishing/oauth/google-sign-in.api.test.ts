import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { arrive, credentialsOf, grantIdOf, signIn } from '@testing/oauth-helpers';
import { createTestClock } from '@testing/test-clock';
import { onboardedClient, read, type TestClient } from '@testing/test-client';
import { useGooglePublishing } from '@testing/use-publishing';
import type { GoogleBusinessCredentials } from '../channels/google-business';

const clock = createTestClock('2026-11-26T09:00:00Z', { tickMs: 1 });
const { server, google } = useGooglePublishing(clock);
const SCOPE = 'https://www.googleapis.com/auth/business.manage';

const start = async (client: TestClient) => {
  const started = await read(client.api.connections.oauth.start.$post({ json: { provider: 'google', returnTo: 'settings' } }));
  expect(started.status).toBe(200);
  return started.body.authorizeUrl;
};
const grantOf = (client: TestClient, grantId: string) => read(client.api.connections.oauth.grants[':grantId'].$get({ param: { grantId } }));

describe('connecting Google Business Profile locations by signing in with Google', () => {
  it('asks for business.manage with PKCE and offline access, lists the locations managed, and connects the one picked', async () => {
    const client = await onboardedClient(server().url);
    const { authorizeUrl, location, to } = await signIn(google(), client, 'google');
    const asked = new URL(authorizeUrl);
    expect(`${asked.origin}${asked.pathname}`).toBe(`${google().urls.accounts}/o/oauth2/v2/auth`);
    expect(Object.fromEntries(asked.searchParams)).toMatchObject({
      scope: SCOPE,
      access_type: 'offline',
      prompt: 'consent',
      response_type: 'code',
      code_challenge_method: 'S256',
      redirect_uri: `${server().url}/api/connections/oauth/callback/google`,
    });
    // The code exchange sent the verifier whose hash the consent page was given (the stand-in refuses any other).
    const code = new URL(location).searchParams.get('code');
    const exchange = google().received.filter((call) => call.host === 'oauth2' && call.params.code === code);
    expect(exchange).toHaveLength(1);
    expect(createHash('sha256').update(exchange[0]!.params.code_verifier!).digest('base64url')).toBe(asked.searchParams.get('code_challenge'));

    const grantId = grantIdOf(to);
    const [first, second] = google().accounts.locations;
    expect((await grantOf(client, grantId)).body.accounts).toEqual([
      { accountId: first!.name, kind: 'googlebusiness', name: 'Bright Smile Dental', connectionId: null },
      { accountId: second!.name, kind: 'googlebusiness', name: 'Bright Smile Dental, Oakland', connectionId: null },
    ]);
    // Every location read asked only for the fields it uses.
    const reads = google().received.filter((call) => call.host === 'businessInformation');
    expect(reads.map((call) => call.params.readMask)).toEqual(['name,title,websiteUri,phoneNumbers,storefrontAddress']);

    const made = await read(
      client.api.connections.oauth.grants[':grantId'].$post({
        param: { grantId },
        json: { accounts: [{ accountId: second!.name, kind: 'googlebusiness', networks: ['googlebusiness'] }] },
      }),
    );
    expect(made.status).toBe(200);
    expect(made.body).toEqual([
      expect.objectContaining({
        kind: 'googlebusiness',
        name: 'Bright Smile Dental, Oakland',
        host: 'business.google.com',
        networks: ['googlebusiness'],
        health: { state: 'healthy', reason: null, expiresAt: null },
      }),
    ]);
    expect(JSON.stringify(made.body)).not.toMatch(/ya29\.|1\/\/0g/);
    const sealed = await credentialsOf<GoogleBusinessCredentials>(server(), made.body[0]!.id);
    expect(sealed).toEqual({
      refreshToken: expect.stringMatching(/^1\/\/0g/),
      accessToken: expect.stringMatching(/^ya29\./),
      accessTokenExpiresAt: expect.any(String),
      account: google().accounts.account.name,
      location: second!.name,
      websiteUri: 'https://brightsmile.example/oakland',
    });
    const connectionId = made.body[0]!.id;
    const tested = await read(client.api.connections[':connectionId'].test.$post({ param: { connectionId } }));
    expect(tested.body).toEqual({ ok: true, message: 'Connected: Google Business Profile can post to Bright Smile Dental, Oakland.' });
  });

  it('comes back without accounts when the person presses Cancel', async () => {
    const client = await onboardedClient(server().url);
    const { to } = await signIn(google(), client, 'google', { choice: { deny: true } });
    expect(to).toBe('/settings?connect_error=oauth_denied');
  });

  it('refuses a sign-in whose token was not granted business.manage', async () => {
    const client = await onboardedClient(server().url);
    const authorizeUrl = await start(client);
    // As if the person had granted other scopes only: the code Google issues is for those.
    const narrowed = new URL(authorizeUrl);
    narrowed.searchParams.set('scope', 'openid email');
    const back = await arrive(client, google().approve(narrowed.toString()));
    expect(back).toEqual({ status: 302, to: '/settings?connect_error=oauth_missing_permission' });
    expect((await read(client.api.connections.$get())).body).toEqual([]);
  });
});
