import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currentMonth, monthId, nextMonth } from '@shared/domain/months';
import { planSlots } from '@shared/domain/slot-planner';
import { DEFAULT_STRATEGY, type Strategy } from '@shared/schemas/strategy';
import { createWriter } from '../../ai/create-writer';
import { createLogger } from '../../platform/logger';
import { createServices, type Services } from '../../compose';
import type { FakeOpenAI } from '@testing/fake-openai-server';
import { startServerWithFakeModel, stopServerWithFakeModel } from '@testing/fake-model-server';
import { TINY_PNG } from '@testing/fixtures';
import { waitForJob } from '@testing/generation-helpers';
import { onboardedClient, read } from '@testing/test-client';
import { createTestClock } from '@testing/test-clock';
import type { TestServer } from '@testing/test-server';

const STRATEGY: Strategy = { ...DEFAULT_STRATEGY, postFrequency: 3, preferredDays: ['Monday', 'Wednesday', 'Friday'], contentTypes: ['Text only'] };
const clock = createTestClock(new Date(), { tickMs: 1 });
const target = nextMonth(currentMonth(clock.now(), 'UTC'));
const targetId = monthId(target);

interface PostAnswer {
  id: string;
  date: string;
  content: string;
  version: number;
  status: string;
  scheduledTime: string | null;
  media: { url: string }[];
}

describe('regenerating a month while the user changes it in another tab', () => {
  let ai: FakeOpenAI;
  let server: TestServer;
  beforeAll(async () => {
    ({ ai, server } = await startServerWithFakeModel({ timeoutMs: 30_000, retryDelayMs: 10 }, { now: clock.now }));
  });
  afterAll(() => stopServerWithFakeModel({ ai, server }));

  it('keeps every post changed after the job started, with its history, media and schedule, replaces the rest and reports how many it kept', async () => {
    const client = await onboardedClient(server.url);
    await read(client.api.workspace.$get());
    const first = await waitForJob(
      client,
      (await read(client.api.months[':id'].generation.$post({ param: { id: targetId }, json: { strategy: STRATEGY } }))).body.job.id,
    );
    expect(first).toMatchObject({ status: 'succeeded', kept: 0 });
    const before: PostAnswer[] = (await read(client.api.months[':id'].$get({ param: { id: targetId } }))).body.posts;
    expect(before.length).toBeGreaterThanOrEqual(9);
    const [edited, rewritten, restored, scheduled, withMedia, moved, editedEarlier, ...untouched] = before as [PostAnswer, ...PostAnswer[]];

    // Edited before the regeneration starts: the user confirmed replacing it, so it goes.
    expect(
      (
        await read(
          client.api.posts[':postId'].$patch({
            param: { postId: editedEarlier!.id },
            json: { version: editedEarlier!.version, content: 'Changed before the new month was asked for.' },
          }),
        )
      ).status,
    ).toBe(200);

    // The model holds its reply: everything below happens while the job runs.
    ai.script({ hold: ['month'] });
    const started = await read(client.api.months[':id'].generation.$post({ param: { id: targetId }, json: { strategy: STRATEGY, replaceExisting: true } }));
    expect(started.status).toBe(202);
    const jobId: string = started.body.job.id;

    const ok = (status: number) => expect([200, 201]).toContain(status);
    ok(
      (
        await read(
          client.api.posts[':postId'].$patch({
            param: { postId: edited.id },
            json: { version: edited.version, content: 'Edited in another tab while the month was written.' },
          }),
        )
      ).status,
    );
    ok(
      (
        await read(
          client.api.posts[':postId'].rewrite.$post({
            param: { postId: rewritten!.id },
            json: { version: rewritten!.version, instructions: 'Make it warmer' },
          }),
        )
      ).status,
    );
    const restoredEdit = await read(
      client.api.posts[':postId'].$patch({ param: { postId: restored!.id }, json: { version: restored!.version, content: 'A draft the user then undid.' } }),
    );
    const [oldText] = (await read(client.api.posts[':postId'].versions.$get({ param: { postId: restored!.id }, query: {} }))).body.versions;
    ok(
      (
        await read(
          client.api.posts[':postId'].versions[':versionId'].restore.$post({
            param: { postId: restored!.id, versionId: oldText!.id },
            json: { version: restoredEdit.body.version },
          }),
        )
      ).status,
    );
    ok((await read(client.api.posts[':postId'].schedule.$put({ param: { postId: scheduled!.id }, json: { platform: 'facebook', time: '10:30' } }))).status);
    ok((await client.uploadMedia(withMedia!.id, TINY_PNG, 'photo.png', 'image/png')).status);
    const newDay = `${target.year}-${String(target.month).padStart(2, '0')}-28T12:00:00Z`;
    ok((await read(client.api.posts[':postId'].$patch({ param: { postId: moved!.id }, json: { version: moved!.version, date: newDay } }))).status);
    const added = await read(
      client.api.months[':id'].posts.$post({
        param: { id: targetId },
        json: {
          mode: 'manual',
          date: newDay.slice(0, 10),
          platform: 'linkedin',
          type: 'text',
          content: 'Added by hand meanwhile.',
        },
      }),
    );
    ok(added.status);

    ai.script({ hold: false });
    const job = await waitForJob(client, jobId);
    const planned = planSlots({ ...target, strategy: STRATEGY }).length;
    const kept = [edited, rewritten!, restored!, scheduled!, withMedia!, moved!];
    expect(job).toMatchObject({ status: 'succeeded', written: planned, kept: kept.length + 1 });

    const after: PostAnswer[] = (await read(client.api.months[':id'].$get({ param: { id: targetId } }))).body.posts;
    const byId = new Map(after.map((post) => [post.id, post]));
    expect(after).toHaveLength(planned + kept.length + 1);
    for (const post of [...untouched, editedEarlier!]) expect(byId.has(post.id), `untouched post ${post.id} replaced`).toBe(false);
    expect(byId.get(edited.id)!.content).toBe('Edited in another tab while the month was written.');
    expect(byId.get(rewritten!.id)!.content).toMatch(/^Rewritten/);
    expect(byId.get(restored!.id)!.content).toBe(restored!.content);
    expect(byId.get(scheduled!.id)).toMatchObject({ status: 'scheduled', scheduledTime: '10:30' });
    expect(byId.get(withMedia!.id)!.media).toHaveLength(1);
    expect((await client.get(byId.get(withMedia!.id)!.media[0]!.url)).status).toBe(200);
    expect(byId.get(moved!.id)!.date).toBe(newDay);
    expect(byId.has(added.body.id)).toBe(true);
    // Their history came through too.
    expect(
      (await read(client.api.posts[':postId'].versions.$get({ param: { postId: edited.id }, query: {} }))).body.versions.map(
        (v: { replacedBy: string }) => v.replacedBy,
      ),
    ).toEqual(['edit']);
    expect(
      (await read(client.api.posts[':postId'].versions.$get({ param: { postId: rewritten!.id }, query: {} }))).body.versions.map(
        (v: { replacedBy: string }) => v.replacedBy,
      ),
    ).toEqual(['rewrite']);
    expect(
      (await read(client.api.posts[':postId'].versions.$get({ param: { postId: restored!.id }, query: {} }))).body.versions
        .map((v: { replacedBy: string }) => v.replacedBy)
        .sort(),
    ).toEqual(['edit', 'restore']);
  });
});

describe('regenerating a month while the user changes it through an instance whose clock is behind', () => {
  let ai: FakeOpenAI;
  let server: TestServer;
  let behind: Services;
  beforeAll(async () => {
    ({ ai, server } = await startServerWithFakeModel({ timeoutMs: 30_000, retryDelayMs: 10 }, { now: clock.now }));
    // Instance B: the same database, its clock five minutes behind the instance that runs the job.
    behind = createServices(server.database, {
      writer: createWriter({ kind: 'offline' }),
      log: createLogger('silent'),
      mediaDir: server.dataDir,
      publicUrl: server.url,
      now: () => new Date(clock.now().getTime() - 5 * 60_000),
      notifier: server.services.notifier,
      publishing: server.config.publishing,
    });
  });
  afterAll(() => stopServerWithFakeModel({ ai, server }));

  it('keeps an edit saved after the job started, though its instance’s clock reads before the job’s start', async () => {
    const client = await onboardedClient(server.url);
    await read(client.api.workspace.$get());
    const userId = (await read(client.api.me.$get())).body.user.id;
    expect(
      await waitForJob(client, (await read(client.api.months[':id'].generation.$post({ param: { id: targetId }, json: { strategy: STRATEGY } }))).body.job.id),
    ).toMatchObject({ status: 'succeeded' });
    const [edited, ...untouched] = (await read(client.api.months[':id'].$get({ param: { id: targetId } }))).body.posts as PostAnswer[];

    ai.script({ hold: ['month'] });
    const started = await read(client.api.months[':id'].generation.$post({ param: { id: targetId }, json: { strategy: STRATEGY, replaceExisting: true } }));
    expect(started.status).toBe(202);
    await behind.posts.update(userId, edited!.id, { version: edited!.version, content: 'Edited through the other instance while the month was written.' });
    ai.script({ hold: false });

    expect(await waitForJob(client, started.body.job.id)).toMatchObject({ status: 'succeeded', kept: 1 });
    const after = new Map(((await read(client.api.months[':id'].$get({ param: { id: targetId } }))).body.posts as PostAnswer[]).map((post) => [post.id, post]));
    expect(after.get(edited!.id)?.content).toBe('Edited through the other instance while the month was written.');
    for (const post of untouched) expect(after.has(post.id), `untouched post ${post.id} replaced`).toBe(false);
  });
});
