import { expect } from 'vitest';
import type { OAuthProvider } from '@shared/schemas/publishing';
import type { ConsentChoice } from './meta/dialog';
import type { MetaServer } from './meta/meta-server';
import { read, type TestClient } from './test-client';
import type { TestServer } from './test-server';
import { createSecretBox } from '@server/modules/publishing/secret-box';

/** Lists the server's callbacks among the apps' Valid OAuth Redirect URIs. */
export function allowCallbacks(meta: MetaServer, server: TestServer) {
  for (const provider of ['facebook', 'instagram', 'threads']) meta.allowRedirectUri(`${server.url}/api/connections/oauth/callback/${provider}`);
}

/** The browser arriving back from the provider at `location`, with the user's cookie: where it is sent next. */
export async function arrive(client: TestClient, location: string): Promise<{ status: number; to: string }> {
  const response = await fetch(location, { headers: { cookie: client.cookieHeader() }, redirect: 'manual' });
  await response.text();
  return { status: response.status, to: response.headers.get('location') ?? '' };
}

/** Start, the consent screen's choice, the callback: answers the authorize URL, the provider's redirect and where the app sends the browser. */
export async function signIn<Choice = ConsentChoice>(
  /** The provider's stand-in (Meta's, LinkedIn's): it answers its consent page. */
  meta: { approve: (authorizeUrl: string, choice?: Choice) => string },
  client: TestClient,
  provider: OAuthProvider,
  options: { returnTo?: 'settings' | 'onboarding'; connectionId?: string; choice?: Choice } = {},
) {
  const started = await read(
    client.api.connections.oauth.start.$post({
      json: { provider, returnTo: options.returnTo ?? 'settings', ...(options.connectionId ? { connectionId: options.connectionId } : {}) },
    }),
  );
  expect(started.status).toBe(200);
  const { authorizeUrl } = started.body;
  const location = meta.approve(authorizeUrl, options.choice);
  const back = await arrive(client, location);
  expect(back.status).toBe(302);
  return { authorizeUrl, location, to: back.to };
}

/** The grant id a successful sign-in returned to the screen with. */
export function grantIdOf(to: string): string {
  const id = new URL(to, 'http://app.invalid').searchParams.get('connect');
  if (!id) throw new Error(`the sign-in did not succeed: ${to}`);
  return id;
}

/** A connection's credentials, opened as the server would. */
export async function credentialsOf<T>(server: TestServer, connectionId: string): Promise<T> {
  const row = await server.database.db.selectFrom('connections').select('credentials').where('id', '=', connectionId).executeTakeFirstOrThrow();
  return createSecretBox(server.config.publishing.encryptionKey).open<T>(row.credentials);
}
