import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { createTestClock } from '@testing/test-clock';
import { startTestServer, type TestServer } from '@testing/test-server';
import { startWebhookReceiver, type WebhookReceiver } from '@testing/webhook-receiver';

/**
 * The built app served from this process, so a test moves its clock (at `time`, UTC, today), with a
 * webhook receiver to publish to. Private addresses are allowed: the receiver is on 127.0.0.1.
 */
export function usePublishingServer(time: string) {
  const today = new Date().toISOString().slice(0, 10);
  const clock = createTestClock(`${today}T${time}:00Z`);
  let server: TestServer | undefined;
  let receiver: WebhookReceiver | undefined;
  beforeAll(async () => {
    receiver = await startWebhookReceiver();
    server = await startTestServer({ PUBLISH_ALLOW_PRIVATE_URLS: 'true' }, {}, { now: clock.now, webRoot: path.resolve('dist/web') });
  });
  afterAll(async () => {
    await server?.close();
    await receiver?.close();
  });
  return { today, clock, server: () => server!, receiver: () => receiver! };
}
