/** Seeding through the real API: a signed-in user with a generated month of posts. */
import { daysInMonth, parseMonthId } from '@shared/domain/months';
import { DEFAULT_STRATEGY, type Strategy } from '@shared/schemas/strategy';
import { onboardedClient, type TestClient, read } from '@testing/test-client';

export const SEED_STRATEGY: Strategy = {
  ...DEFAULT_STRATEGY,
  postFrequency: 7,
  contentTypes: ['Images', 'Carousels', 'Text only'],
  keyThemes: 'Winter tooth care, Holiday sweets, Family check-ups',
  selectedCTAs: ['Schedule Appointment', 'Learn More'],
  hashtags: 'SmileLeeds, KidsTeeth',
  additionalInstructions: 'Mention our Saturday clinic once.',
};

/** The active month with the most days (31 where there is one). */
export async function longestActiveMonth(client: TestClient): Promise<string> {
  const workspace = (await read(client.api.workspace.$get())).body;
  return [...workspace.active].sort((a, b) => daysInMonth(parseMonthId(b.id)!) - daysInMonth(parseMonthId(a.id)!))[0]!.id;
}

/** Generates a month at 7 posts a week with the server's writer and waits until it is saved. */
export async function generateMonth(client: TestClient, monthId: string): Promise<number> {
  const start = await read(client.api.months[':id'].generation.$post({ param: { id: monthId }, json: { strategy: SEED_STRATEGY, replaceExisting: true } }));
  if (start.status !== 202) throw new Error(`generation: HTTP ${start.status} ${JSON.stringify(start.body)}`);
  const deadline = Date.now() + 60_000;
  for (;;) {
    const job = (await read(client.api['generation-jobs'][':jobId'].$get({ param: { jobId: start.body.job.id } }))).body.job;
    if (job.status === 'succeeded') return job.written;
    if (job.status !== 'running') throw new Error(`generation ${job.status}: ${job.error}`);
    if (Date.now() > deadline) throw new Error('generation did not finish in 60 s');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** A new onboarded user with the longest active month generated (31 posts in a 31-day month). */
export async function userWithMonth(url: string): Promise<{ client: TestClient & { userId: string }; monthId: string; posts: number }> {
  const client = await onboardedClient(url);
  const monthId = await longestActiveMonth(client);
  const posts = await generateMonth(client, monthId);
  return { client, monthId, posts };
}
