import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currentMonth, monthId, nextMonth } from '@shared/domain/months';
import { DEFAULT_STRATEGY } from '@shared/schemas/strategy';
import * as writerLabelsWithoutAddress from '@server/platform/db/migrations/0008-writer-labels-without-address';
import { startFakeOpenAI, type FakeOpenAI } from '../fake-openai-server';
import { onboardedClient, type JsonResponse, type TestClient, read, errorOf } from '../test-client';
import { startTestServer, type TestServer } from '../test-server';

const AI_KEY = 'sk-test-never-shown-0123456789abcdef';
const target = monthId(nextMonth(currentMonth(new Date(), 'UTC')));
const day = `${target.replace(/-(\d)$/, '-0$1')}-08`;

let ai: FakeOpenAI;
let server: TestServer;
/** host:port of the provider (a loopback port chosen by the system, so it shows up nowhere by chance). */
let providerHost: string;
/** Everything the server answered: status, headers and body of every request in this file. */
const answers: string[] = [];

function record<T = any>(response: JsonResponse<T>): JsonResponse<T> {
  answers.push(
    `${response.status} ${JSON.stringify([...response.headers])} ${typeof response.body === 'string' ? response.body : JSON.stringify(response.body)}`,
  );
  return response;
}

/** The job's Server-Sent Events until it ends, as the browser reads them. */
async function followEvents(client: TestClient, jobId: string): Promise<string> {
  const response = await fetch(`${server.url}/api/generation-jobs/${jobId}/events`, { headers: { cookie: client.cookieHeader() } });
  const text = await response.text();
  answers.push(text);
  return text;
}

async function generateMonth(client: TestClient) {
  const started = record(
    await read(client.api.months[':id'].generation.$post({ param: { id: target }, json: { strategy: DEFAULT_STRATEGY, replaceExisting: true } })),
  );
  expect(started.status).toBe(202);
  await followEvents(client, started.body.job.id);
  return record(await read(client.api['generation-jobs'][':jobId'].$get({ param: { jobId: started.body.job.id } }))).body.job;
}

beforeAll(async () => {
  ai = await startFakeOpenAI();
  providerHost = new URL(ai.url).host;
  server = await startTestServer({ AI_BASE_URL: ai.url, AI_MODEL: 'fake-model', AI_API_KEY: AI_KEY }, { retryDelayMs: 10 });
});
afterAll(async () => {
  await server.close();
  await ai.close();
});

describe('the AI provider address and key stay on the server', () => {
  it('never appear in an answer or a log line, whether the provider works or cannot be reached', async () => {
    const client = await onboardedClient(server.url);
    record(await read(client.api.workspace.$get()));

    const settings = record(await read(client.api.settings.ai.$get()));
    expect(settings.body).toEqual({ kind: 'ai', label: 'OpenAI-compatible server fake-model', provider: 'OpenAI-compatible server', model: 'fake-model' });
    expect(record(await read(client.api.settings.ai.test.$post())).body.ok).toBe(true);

    // Everything that calls the provider, while it answers.
    const job = await generateMonth(client);
    expect(job).toMatchObject({ status: 'succeeded', writer: 'OpenAI-compatible server fake-model' });
    const post = record(
      await read(client.api.months[':id'].posts.$post({ param: { id: target }, json: { mode: 'generate', date: day, prompt: 'Our new opening hours' } })),
    ).body;
    expect(post.content).toBeTruthy();
    expect(
      record(await read(client.api.posts[':postId'].rewrite.$post({ param: { postId: post.id }, json: { version: post.version, instructions: 'Shorter' } })))
        .status,
    ).toBe(200);
    record(await read(client.api.months[':id'].$get({ param: { id: target } })));
    record(await read(client.api.months[':id'].generation.$get({ param: { id: target } })));

    // The same, with the provider gone: the connection is refused at its address.
    await ai.close();
    const test = record(await read(client.api.settings.ai.test.$post())).body;
    expect(test).toMatchObject({ ok: false, message: expect.stringMatching(/could not be reached/) });
    const failed = await generateMonth(client);
    expect(failed).toMatchObject({ status: 'failed', error: expect.stringMatching(/could not be reached/) });
    const rewrite = record(await read(client.api.posts[':postId'].rewrite.$post({ param: { postId: post.id }, json: { version: 2, instructions: 'Longer' } })));
    expect(errorOf(rewrite).message).toMatch(/could not be reached/);
    const single = record(await read(client.api.months[':id'].posts.$post({ param: { id: target }, json: { mode: 'generate', date: day, prompt: '' } })));
    expect(errorOf(single).message).toMatch(/could not be reached/);

    for (const secret of [providerHost, ai.url, AI_KEY]) {
      expect(answers.filter((answer) => answer.includes(secret))).toEqual([]);
      expect(server.logLines.filter((line) => line.includes(secret))).toEqual([]);
    }
  });
});

describe('job labels stored by earlier versions', () => {
  it('no longer name the provider host once the server has migrated', async () => {
    const client = await onboardedClient(server.url);
    await read(client.api.workspace.$get());
    const job = await generateMonth(client);
    const { db } = server.database;
    await sql`update generation_jobs set writer = ${'ollama.internal:11434 llama3.1'} where id = ${job.id}`.execute(db);
    // The migration run again as start-up runs it (later migrations exist, so it is not the last one to re-run by name).
    await writerLabelsWithoutAddress.up(db as never);
    expect((await read(client.api['generation-jobs'][':jobId'].$get({ param: { jobId: job.id } }))).body.job.writer).toBe('OpenAI-compatible server llama3.1');
  });
});
