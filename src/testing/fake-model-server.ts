import type { WriterOptions } from '@server/ai/writer';
import { startFakeOpenAI, type FakeOpenAI } from './fake-openai-server';
import { startTestServer, type TestServer, type TestServerTiming } from './test-server';

export interface ServerWithFakeModel {
  ai: FakeOpenAI;
  server: TestServer;
}

/** The real server on a fresh database, writing with the fake OpenAI-compatible model. */
export async function startServerWithFakeModel(writerOptions: WriterOptions = {}, timing: TestServerTiming = {}): Promise<ServerWithFakeModel> {
  const ai = await startFakeOpenAI();
  const server = await startTestServer({ AI_BASE_URL: ai.url, AI_MODEL: 'fake-model' }, writerOptions, timing);
  return { ai, server };
}

/** Lets any held reply go (so no job waits on it), then closes the server and the fake model. */
export async function stopServerWithFakeModel({ ai, server }: ServerWithFakeModel): Promise<void> {
  ai.script({ hold: false });
  await server.close();
  await ai.close();
}
