/** Rewrites one post by instruction; a bad answer (empty, too long, unchanged) is asked for once more. */
import type { CallModel } from '../call-model';
import { MESSAGES, WriterError } from '../errors';
import type { RewritePostInput } from '../writer';
import { buildRewritePrompt, REWRITE_SYSTEM_PROMPT } from './prompt';
import { checkRewrite } from './schema';

export async function rewritePostWithAi(callModel: CallModel, input: RewritePostInput, signal?: AbortSignal): Promise<string> {
  let problem: string | undefined;
  for (let round = 0; round < 2; round++) {
    const reply = await callModel({ system: REWRITE_SYSTEM_PROMPT, prompt: buildRewritePrompt(input, problem), json: false, signal });
    const checked = checkRewrite(reply.text, input.content, input.platform);
    if ('text' in checked) return checked.text;
    problem = checked.problem;
  }
  if (problem === 'the answer was empty') throw new WriterError(MESSAGES.emptyText, 'invalid_reply');
  throw new WriterError(`The AI provider could not rewrite the post: ${problem}.`, 'invalid_reply');
}
