import { afterAll, beforeAll, beforeEach } from 'vitest';
import { startFakeOpenAI, type FakeBehaviour, type FakeOpenAI } from './fake-openai-server';

/**
 * One fake OpenAI-compatible server for a test file, with `behaviour` and an empty request log again
 * before each test. Returns a getter: the server exists once the file's tests start.
 */
export function useFakeOpenAI(behaviour: FakeBehaviour): () => FakeOpenAI {
  let fake: FakeOpenAI | undefined;
  beforeAll(async () => {
    fake = await startFakeOpenAI();
  });
  afterAll(async () => {
    await fake?.close();
  });
  beforeEach(() => {
    fake!.requests.length = 0;
    fake!.script(behaviour);
  });
  return () => fake!;
}
