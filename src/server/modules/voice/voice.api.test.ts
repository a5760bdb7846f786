import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RichText } from '@atproto/api';
import { currentMonth, monthId, nextMonth } from '@shared/domain/months';
import { DEFAULT_STRATEGY, type Strategy } from '@shared/schemas/strategy';
import { startBlueskyPds, type BlueskyPds } from '@testing/bluesky-pds';
import { startFakeOpenAI, type FakeOpenAI } from '@testing/fake-openai-server';
import { waitForJob } from '@testing/generation-helpers';
import { startMastodonServer } from '@testing/mastodon-server';
import { addPost } from '@testing/month-posts';
import { errorOf, onboardedClient, read, type TestClient } from '@testing/test-client';
import { startTestServer, type TestServer } from '@testing/test-server';
import { readVoiceSection, VOICE_PROMPT_BUDGET, VOICE_PROMPT_COUNT, voiceSectionLength } from '../../ai/voice-examples';

const target = nextMonth(currentMonth(new Date(), 'UTC'));
const targetId = monthId(target);
const day = (n: number) => `${target.year}-${String(target.month).padStart(2, '0')}-${String(n).padStart(2, '0')}`;

/** An error answer's status and code. */
async function failure(request: Promise<Response>) {
  const response = await request;
  const body: unknown = await response.json();
  return { status: response.status, code: errorOf({ status: response.status, body }).code };
}

const paste = (client: TestClient, texts: string[], network: 'bluesky' | 'mastodon' | 'linkedin' | null = null) =>
  read(client.api.voice.pasted.$post({ json: { texts, network } }));

describe('voice examples (offline writer)', () => {
  let server: TestServer;
  let pds: BlueskyPds;
  let mastodon: Awaited<ReturnType<typeof startMastodonServer>>;
  beforeAll(async () => {
    [server, pds, mastodon] = await Promise.all([startTestServer({ PUBLISH_ALLOW_PRIVATE_URLS: 'true' }), startBlueskyPds(), startMastodonServer()]);
  });
  afterAll(async () => Promise.all([server?.close(), pds?.close(), mastodon?.close()]));

  it('adds pasted posts, lists them newest first, skips ones already kept, removes one and all, and keeps them to their owner', async () => {
    const client = await onboardedClient(server.url);
    expect((await read(client.api.voice.$get())).body).toEqual({ examples: [], max: 50, usedInPrompts: [] });
    const added = await paste(client, ['Good morning, smiles! 😁 Fresh slots this week.', 'Floss first, then brush. #tips'], 'linkedin');
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({ added: 2, duplicates: 0, dropped: 0 });
    expect(added.body.examples.map((example) => [example.text, example.network, example.source])).toEqual([
      ['Good morning, smiles! 😁 Fresh slots this week.', 'linkedin', 'pasted'],
      ['Floss first, then brush. #tips', 'linkedin', 'pasted'],
    ]);
    expect(added.body.usedInPrompts).toHaveLength(2);
    const again = await paste(client, ['Floss first, then brush. #tips', 'A third one.']);
    expect(again.body).toMatchObject({ added: 1, duplicates: 1, dropped: 0 });
    expect(again.body.examples).toHaveLength(3);

    const stranger = await onboardedClient(server.url);
    const id = again.body.examples[0]!.id;
    expect(await failure(stranger.api.voice[':exampleId'].$delete({ param: { exampleId: id } }))).toMatchObject({ status: 404 });
    expect((await read(stranger.api.voice.$get())).body.examples).toEqual([]);

    const removed = await read(client.api.voice[':exampleId'].$delete({ param: { exampleId: id } }));
    expect(removed.body.examples.map((example) => example.id)).not.toContain(id);
    expect(removed.body.examples).toHaveLength(2);
    expect((await read(client.api.voice.$delete())).body.examples).toEqual([]);
  });

  it('keeps the newest 50: a paste past the cap drops the oldest', async () => {
    const client = await onboardedClient(server.url);
    const fifty = Array.from({ length: 50 }, (_, i) => `Example number ${i + 1}.`);
    expect((await paste(client, fifty)).body).toMatchObject({ added: 50, dropped: 0 });
    const more = await paste(client, ['Newer one.', 'Newest one.']);
    expect(more.body).toMatchObject({ added: 2, dropped: 2 });
    expect(more.body.examples).toHaveLength(50);
    const texts = more.body.examples.map((example) => example.text);
    expect(texts.slice(0, 2)).toEqual(['Newer one.', 'Newest one.']);
    // The first of a paste counts as the newest, so the paste's last two went.
    expect(texts).not.toContain('Example number 50.');
    expect(texts).not.toContain('Example number 49.');
    expect(texts).toContain('Example number 1.');
  });

  it('refuses empty, too long and too many texts with a 400', async () => {
    const client = await onboardedClient(server.url);
    expect(await failure(client.api.voice.pasted.$post({ json: { texts: [], network: null } }))).toMatchObject({ status: 400, code: 'bad_request' });
    expect(await failure(client.api.voice.pasted.$post({ json: { texts: ['   '], network: null } }))).toMatchObject({ status: 400 });
    expect(await failure(client.api.voice.pasted.$post({ json: { texts: ['x'.repeat(3001)], network: null } }))).toMatchObject({ status: 400 });
    expect(await failure(client.api.voice.pasted.$post({ json: { texts: Array.from({ length: 51 }, (_, i) => `t${i}`), network: null } }))).toMatchObject({
      status: 400,
    });
    expect(await failure(client.api.voice.csv.$post({ json: { csv: 'date,text\n"unclosed', network: null } }))).toMatchObject({ status: 400 });
    expect(await failure(client.api.voice.csv.$post({ json: { csv: 'a,b\n1,2', column: 'content', network: null } }))).toMatchObject({ status: 400 });
  });

  it('imports the post texts of a CSV by its text column', async () => {
    const client = await onboardedClient(server.url);
    const csv =
      'date,content,network\n2026-01-02,"Hello, friends! Our first post of the year.",facebook\n2026-01-03,"Two lines\nin one post #smile",facebook\n,,\n';
    const imported = await read(client.api.voice.csv.$post({ json: { csv, network: 'mastodon' } }));
    expect(imported.status).toBe(201);
    expect(imported.body.examples.map((example) => [example.text, example.source, example.network])).toEqual([
      ['Hello, friends! Our first post of the year.', 'csv', 'mastodon'],
      ['Two lines\nin one post #smile', 'csv', 'mastodon'],
    ]);
  });

  it('reads the latest statuses of a connected Mastodon account, once each', async () => {
    const client = await onboardedClient(server.url);
    await read(client.api.workspace.$get());
    mastodon.statuses.push(
      {
        id: '101',
        idempotencyKey: undefined,
        status: 'Monday &amp; teeth: a short tip 🦷',
        mediaIds: [],
        url: 'https://m.example/1',
        createdAt: '2026-01-01T10:00:00Z',
      },
      {
        id: '102',
        idempotencyKey: undefined,
        status: 'We are open late on Thursdays. #dentist',
        mediaIds: [],
        url: 'https://m.example/2',
        createdAt: '2026-01-02T10:00:00Z',
      },
    );
    const created = await read(
      client.api.connections.$post({
        json: { kind: 'mastodon', name: 'Our Mastodon', instanceUrl: mastodon.url, accessToken: mastodon.token, networks: ['mastodon'] },
      }),
    );
    const connectionId = created.body.connection.id;
    const first = await read(client.api.voice.read.$post({ json: { connectionId } }));
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    expect(first.body.examples.map((example) => [example.text, example.source, example.network, example.publishedAt])).toEqual([
      ['We are open late on Thursdays. #dentist', 'mastodon', 'mastodon', '2026-01-02T10:00:00.000Z'],
      ['Monday & teeth: a short tip 🦷', 'mastodon', 'mastodon', '2026-01-01T10:00:00.000Z'],
    ]);
    const second = await read(client.api.voice.read.$post({ json: { connectionId } }));
    expect(second.body).toMatchObject({ added: 0, duplicates: 2 });
    expect(second.body.examples).toHaveLength(2);
    // Someone else's connection is not found.
    const stranger = await onboardedClient(server.url);
    expect(await failure(stranger.api.voice.read.$post({ json: { connectionId } }))).toMatchObject({ status: 404 });
  });

  it('reads the latest posts of a connected Bluesky account from a real PDS', async () => {
    const account = await pds.createAccount(`voice${Date.now() % 100000}`);
    const agent = pds.agent();
    await agent.login({ identifier: account.handle, password: account.password });
    for (const text of ['Sunny Saturday at the clinic ☀️ #smile', 'New: evening hygiene visits.']) {
      const rich = new RichText({ text });
      await agent.post({ text: rich.text, createdAt: new Date().toISOString() });
    }
    const client = await onboardedClient(server.url);
    await read(client.api.workspace.$get());
    const created = await read(
      client.api.connections.$post({
        json: {
          kind: 'bluesky',
          name: 'Our Bluesky',
          handle: `@${account.handle}`,
          appPassword: account.appPassword,
          serviceUrl: pds.url,
          networks: ['bluesky'],
        },
      }),
    );
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const connectionId = created.body.connection.id;
    const first = await read(client.api.voice.read.$post({ json: { connectionId } }));
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    expect(first.body.examples.map((example) => example.text).sort()).toEqual(['New: evening hygiene visits.', 'Sunny Saturday at the clinic ☀️ #smile']);
    expect(first.body.examples.every((example) => example.source === 'bluesky' && example.network === 'bluesky')).toBe(true);
    expect((await read(client.api.voice.read.$post({ json: { connectionId } }))).body).toMatchObject({ added: 0, duplicates: 2 });
  });
});

const STRATEGY: Strategy = { ...DEFAULT_STRATEGY, postFrequency: 2, platforms: ['linkedin', 'bluesky'], keyThemes: 'kids check-ups, whitening' };

describe('voice examples in the prompts (fake model server)', () => {
  let ai: FakeOpenAI;
  let server: TestServer;
  beforeAll(async () => {
    ai = await startFakeOpenAI();
    server = await startTestServer({ AI_BASE_URL: ai.url, AI_MODEL: 'fake-model' }, { timeoutMs: 4000, maxRetries: 0 });
  });
  afterAll(async () => {
    await server.close();
    await ai.close();
  });

  it('puts a few examples, same network and theme first, into month, single-post and rewrite prompts, within the budget', async () => {
    ai.script({ always: 'ok' });
    const client = await onboardedClient(server.url);
    await read(client.api.workspace.$get());
    // 50 long examples: far more than the budget holds.
    const filler = Array.from({ length: 46 }, (_, i) => `Plain facebook note ${i}: ${'we are a friendly practice in town '.repeat(8)}`);
    await paste(client, filler, null);
    await paste(client, ['Bluesky tip: kids check-ups are free this spring 🦷 #kids', 'Whitening week! Book now ✨ #whitening'], 'bluesky');
    await paste(client, ['LinkedIn: our team trained in whitening care.', 'LinkedIn: welcome to our new hygienist.'], 'linkedin');

    const job = await read(client.api.months[':id'].generation.$post({ param: { id: targetId }, json: { strategy: STRATEGY } }));
    expect((await waitForJob(client, job.body.job.id)).status).toBe('succeeded');
    const post = await addPost(client, { date: day(10), platform: 'linkedin', content: 'Our new clinic opens on Monday.', hashtags: [] });
    expect(
      (await read(client.api.posts[':postId'].rewrite.$post({ param: { postId: post.id }, json: { version: 1, instructions: 'Mention whitening' } }))).status,
    ).toBe(200);
    expect(
      (
        await read(
          client.api.months[':id'].posts.$post({
            param: { id: targetId },
            json: { mode: 'generate', date: day(12), platform: 'bluesky', prompt: 'kids check-ups' },
          }),
        )
      ).status,
    ).toBe(201);

    const prompts = ai.requests.filter((request) => ['month', 'rewrite', 'single'].includes(request.task));
    expect(new Set(prompts.map((request) => request.task))).toEqual(new Set(['month', 'rewrite', 'single']));
    for (const request of prompts) {
      const lines = readVoiceSection(request.prompt);
      expect(lines, request.task).not.toBeNull();
      expect(lines!.length).toBeGreaterThan(0);
      expect(lines!.length).toBeLessThanOrEqual(VOICE_PROMPT_COUNT);
      expect(voiceSectionLength(request.prompt)).toBeLessThanOrEqual(VOICE_PROMPT_BUDGET);
    }
    const rewrite = readVoiceSection(prompts.find((request) => request.task === 'rewrite')!.prompt)!;
    expect(rewrite[0]).toBe('(linkedin) LinkedIn: our team trained in whitening care.');
    const single = readVoiceSection(prompts.find((request) => request.task === 'single')!.prompt)!;
    expect(single[0]).toBe('(bluesky) Bluesky tip: kids check-ups are free this spring 🦷 #kids');
    // The list says the same examples: the ones of the networks and themes come first.
    const listed = (await read(client.api.voice.$get())).body;
    expect(listed.usedInPrompts.length).toBeGreaterThan(0);
  });

  it('leaves the voice section out when the user has no examples', async () => {
    ai.script({ always: 'ok' });
    const client = await onboardedClient(server.url);
    await read(client.api.workspace.$get());
    const before = ai.requests.length;
    expect(
      (
        await read(
          client.api.months[':id'].posts.$post({ param: { id: targetId }, json: { mode: 'generate', date: day(12), platform: 'bluesky', prompt: 'kids' } }),
        )
      ).status,
    ).toBe(201);
    expect(ai.requests.slice(before).every((request) => readVoiceSection(request.prompt) === null)).toBe(true);
  });
});
