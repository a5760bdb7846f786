/** Writes one post for a day; a bad answer is asked for once more, then reported as invalid_reply. */
import { normaliseToNoonUtc } from '@shared/domain/months';
import type { WrittenPost } from '@shared/schemas/post';
import type { CallModel } from '../call-model';
import { WriterError } from '../errors';
import { parseJsonReply } from '../json-reply';
import type { SinglePostInput } from '../writer';
import { buildSinglePostPrompt, SINGLE_POST_SYSTEM_PROMPT } from './prompt';
import { postOfReply, readSinglePost, singlePostDetails } from './schema';

export async function writeSinglePostWithAi(callModel: CallModel, input: SinglePostInput, signal?: AbortSignal): Promise<WrittenPost> {
  const date = normaliseToNoonUtc(input.date);
  if (date === null) throw new RangeError(`Not a date: ${input.date}`);
  const details = singlePostDetails(input, date);
  let problem: string | undefined;
  for (let round = 0; round < 2; round++) {
    const reply = await callModel({ system: SINGLE_POST_SYSTEM_PROMPT, prompt: buildSinglePostPrompt(input, details, problem), json: true, signal });
    let value: unknown;
    try {
      value = parseJsonReply(reply.text);
    } catch (error) {
      if (round === 1) throw error;
      problem = 'the answer was not valid JSON';
      continue;
    }
    const outcome = readSinglePost(postOfReply(value), details);
    if ('post' in outcome) return outcome.post;
    problem = outcome.problem;
  }
  throw new WriterError(`The AI provider could not write the post: ${problem ?? 'the answer was not usable'}.`, 'invalid_reply');
}
