import type { ClientResponse } from 'hono/client';
import { describe, expect, it } from 'vitest';
import { parseResponse } from './api-client';
import { ApiRequestError } from './api-error';

const answer = (status: number, body: string, contentType = 'application/json') =>
  Promise.resolve(new Response(body, { status, headers: { 'Content-Type': contentType } }) as unknown as ClientResponse<{ id: string }, 200, 'json'>);

async function failure(pending: ReturnType<typeof answer>): Promise<ApiRequestError> {
  const error = await parseResponse(pending).then(
    () => null,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(ApiRequestError);
  return error as ApiRequestError;
}

describe('parseResponse', () => {
  it('returns the body of a successful answer', async () => {
    await expect(parseResponse(answer(200, '{"id":"a"}'))).resolves.toEqual({ id: 'a' });
  });

  it("throws the server's status, code, message and fields from the one error shape", async () => {
    const error = await failure(answer(400, JSON.stringify({ error: { code: 'bad_request', message: 'Invalid json.', fields: { content: 'Too long.' } } })));
    expect([error.status, error.code, error.message, error.fields]).toEqual([400, 'bad_request', 'Invalid json.', { content: 'Too long.' }]);
    const stale = await failure(answer(409, JSON.stringify({ error: { code: 'stale_version', message: 'Someone else saved it.' } })));
    expect([stale.status, stale.code]).toEqual([409, 'stale_version']);
  });

  it('keeps the facts a refusal carries, so a screen reads them instead of the message', async () => {
    const body = { error: { code: 'month_has_posts', message: 'March 2031 already has 12 posts.', details: { postCount: 12 } } };
    const error = await failure(answer(409, JSON.stringify(body)));
    expect([error.code, error.details]).toEqual(['month_has_posts', { postCount: 12 }]);
  });

  it("keeps better-auth's message and its own code, and names a code by the status", async () => {
    const error = await failure(answer(401, JSON.stringify({ code: 'INVALID_EMAIL_OR_PASSWORD', message: 'Invalid email or password' })));
    expect([error.status, error.code, error.message, error.authCode]).toEqual([401, 'unauthorized', 'Invalid email or password', 'INVALID_EMAIL_OR_PASSWORD']);
    const limited = await failure(answer(429, '{}'));
    expect([limited.code, limited.message, limited.authCode]).toEqual(['rate_limited', 'Request failed (429).', undefined]);
  });

  it('says which status failed when the body is a proxy page or broken JSON', async () => {
    const page = await failure(answer(502, '<html>Bad gateway</html>', 'text/html'));
    expect([page.status, page.code, page.message]).toEqual([502, 'internal', 'Request failed (502).']);
    const broken = await failure(answer(503, '{"error":'));
    expect([broken.status, broken.code, broken.message]).toEqual([503, 'unavailable', 'Request failed (503).']);
  });
});
