import { describe, expect, it } from 'vitest';
import { linkedinUser, useLinkedIn } from '@testing/linkedin/use-linkedin';
import { arrive, credentialsOf, grantIdOf, signIn } from '@testing/oauth-helpers';
import { scheduledPost } from '@testing/publishing-helpers';
import { createTestClock } from '@testing/test-clock';
import { read, type TestClient } from '@testing/test-client';

const DAY = 86_400_000;
const clock = createTestClock('2026-11-26T09:00:00Z', { tickMs: 1 });

const grantOf = (client: TestClient, grantId: string) => read(client.api.connections.oauth.grants[':grantId'].$get({ param: { grantId } }));
const pick = (client: TestClient, grantId: string, accountIds: string[]) =>
  read(
    client.api.connections.oauth.grants[':grantId'].$post({
      param: { grantId },
      json: { accounts: accountIds.map((accountId) => ({ accountId, kind: 'linkedin' as const, networks: ['linkedin' as const] })) },
    }),
  );
const healthOf = async (client: TestClient, id: string) => (await read(client.api.connections.$get())).body.find((connection) => connection.id === id)!.health;

describe('connecting LinkedIn as a member', () => {
  const { server, linkedin } = useLinkedIn(clock);

  it('signs in without PKCE, asking only the member scopes, and connects the member with a 60-day token, never showing it', async () => {
    const client = await linkedinUser(server());
    const { authorizeUrl, to } = await signIn(linkedin(), client, 'linkedin');
    const asked = new URL(authorizeUrl);
    expect(asked.origin + asked.pathname).toBe(`${linkedin().urls.www}/oauth/v2/authorization`);
    expect(asked.searchParams.get('scope')).toBe('openid profile w_member_social');
    expect(asked.searchParams.has('code_challenge')).toBe(false);
    const grant = await grantOf(client, grantIdOf(to));
    const { member } = linkedin().accounts;
    expect(grant.body.accounts).toEqual([{ accountId: linkedin().personUrn, kind: 'linkedin', name: member.name, connectionId: null }]);
    const made = await pick(client, grantIdOf(to), [linkedin().personUrn]);
    expect(made.body[0]).toMatchObject({ kind: 'linkedin', name: member.name, host: 'www.linkedin.com', networks: ['linkedin'] });
    expect(Math.abs(Date.parse(made.body[0]!.health.expiresAt!) - clock.now().getTime() - 60 * DAY)).toBeLessThan(60_000);
    const sealed = await credentialsOf<{ author: string; accessToken: string; refreshToken?: string }>(server(), made.body[0]!.id);
    expect(sealed).toEqual({ author: linkedin().personUrn, accessToken: expect.stringMatching(/^AQ/) });
    const listed = await read(client.api.connections.$get());
    for (const seen of [authorizeUrl, to, JSON.stringify(grant.body), JSON.stringify(listed.body), server().logLines.join('\n')])
      expect(seen).not.toContain(sealed.accessToken);
  });

  it('comes back with oauth_denied when the member presses Cancel', async () => {
    const client = await linkedinUser(server());
    expect((await signIn(linkedin(), client, 'linkedin', { choice: { deny: true } })).to).toBe('/settings?connect_error=oauth_denied');
  });

  it('fails the sign-in, naming the refusal in the log, when the app lacks a product for a scope asked', async () => {
    const client = await linkedinUser(server());
    const products = linkedin().app.scopes;
    linkedin().app.scopes = products.filter((scope) => scope !== 'w_member_social');
    try {
      expect((await signIn(linkedin(), client, 'linkedin')).to).toBe('/settings?connect_error=oauth_failed');
    } finally {
      linkedin().app.scopes = products;
    }
    expect(server().logLines.some((line) => line.includes('"error":"unauthorized_scope_error"') && line.includes('"provider":"linkedin"'))).toBe(true);
  });

  it('warns 7 days and 1 day before a sign-in that cannot be renewed ends, flags posts due after it, then shows it ended', async () => {
    const client = await linkedinUser(server());
    const { to } = await signIn(linkedin(), client, 'linkedin');
    const id = (await pick(client, grantIdOf(to), [linkedin().personUrn])).body[0]!.id;
    const expiresAt = Date.parse((await healthOf(client, id)).expiresAt!);

    clock.set(new Date(expiresAt - 8 * DAY));
    expect((await healthOf(client, id)).state).toBe('healthy');
    // Its sign-in ends on 2027-01-25: a post due after it is flagged from 7 days before.
    await read(client.api.workspace.$get());
    const postId = await scheduledPost(client, '2027-01-28', '10:00', { content: 'After the sign-in ends.', hashtags: [] }, 'linkedin');
    expect((await read(client.api.deliveries['at-risk'].$get())).body).toEqual([]);
    // Nothing can renew it: the token upkeep queues nothing for it.
    expect(await server().services.tokenUpkeep.sweep()).toBe(0);

    clock.set(new Date(expiresAt - 6 * DAY - 3600_000));
    expect(await healthOf(client, id)).toMatchObject({ state: 'expiring', reason: null });
    const atRisk = await read(client.api.deliveries['at-risk'].$get());
    expect(atRisk.body.map((delivery) => [delivery.postId, delivery.risk])).toEqual([[postId, 'expires_first']]);
    expect(await server().services.tokenUpkeep.refreshOne(id)).toBe('not-due');

    clock.set(new Date(expiresAt - 12 * 3600_000));
    expect((await healthOf(client, id)).state).toBe('expiring');

    clock.set(new Date(expiresAt + 1000));
    expect(await healthOf(client, id)).toMatchObject({ state: 'disconnected', reason: 'Its sign-in has ended. Reconnect it to keep posting.' });
  });
});

describe('connecting LinkedIn Pages (Community Management API)', () => {
  const { server, linkedin } = useLinkedIn(clock, { LINKEDIN_ORGANIZATIONS: 'true' }, { refreshTokens: true });

  it('asks the Page scopes too and offers the member and each Page they administer', async () => {
    const client = await linkedinUser(server());
    const { authorizeUrl, to } = await signIn(linkedin(), client, 'linkedin');
    expect(new URL(authorizeUrl).searchParams.get('scope')).toBe(
      'openid profile w_member_social w_organization_social r_organization_social rw_organization_admin',
    );
    const { member, organization } = linkedin().accounts;
    expect((await grantOf(client, grantIdOf(to))).body.accounts).toEqual([
      { accountId: linkedin().personUrn, kind: 'linkedin', name: member.name, connectionId: null },
      { accountId: linkedin().organizationUrn, kind: 'linkedin', name: organization.name, connectionId: null },
    ]);
    const made = await pick(client, grantIdOf(to), [linkedin().organizationUrn]);
    expect(made.body[0]).toMatchObject({ name: organization.name, host: 'www.linkedin.com' });
    expect(await credentialsOf(server(), made.body[0]!.id)).toMatchObject({ author: linkedin().organizationUrn, refreshToken: expect.stringMatching(/^AQX/) });
  });

  it('renews a sign-in that came with a refresh token ten days before it ends, and disconnects it once LinkedIn refuses', async () => {
    const client = await linkedinUser(server());
    const { to } = await signIn(linkedin(), client, 'linkedin');
    const id = (await pick(client, grantIdOf(to), [linkedin().personUrn])).body[0]!.id;
    await server().services.tokenUpkeep.work();
    const first = await credentialsOf<{ accessToken: string; refreshToken: string }>(server(), id);
    const expiresAt = (await healthOf(client, id)).expiresAt!;

    clock.set(new Date(Date.parse(expiresAt) - 9 * DAY));
    expect(await server().services.tokenUpkeep.sweep()).toBeGreaterThanOrEqual(1);
    await expect.poll(() => healthOf(client, id).then((health) => health.expiresAt)).not.toBe(expiresAt);
    const renewed = await credentialsOf<{ accessToken: string; refreshToken: string }>(server(), id);
    expect(renewed.accessToken).not.toBe(first.accessToken);
    expect(renewed.refreshToken).toBe(first.refreshToken);
    expect((await healthOf(client, id)).state).toBe('healthy');

    linkedin().revoke();
    clock.set(new Date(Date.parse((await healthOf(client, id)).expiresAt!) - 5 * DAY));
    expect(await server().services.tokenUpkeep.refreshOne(id)).toBe('disconnected');
    expect((await healthOf(client, id)).reason).toContain('LinkedIn no longer renews this connection’s sign-in');
  });

  it('a callback for another provider’s grant does not reach LinkedIn', async () => {
    const client = await linkedinUser(server());
    const started = await read(client.api.connections.oauth.start.$post({ json: { provider: 'linkedin', returnTo: 'settings' } }));
    const location = new URL(linkedin().approve(started.body.authorizeUrl));
    location.pathname = location.pathname.replace('/linkedin', '/threads');
    expect(await arrive(client, location.toString())).toEqual({ status: 302, to: '/settings?connect_error=oauth_failed' });
  });
});
