/** Reading the rewrite reply: plain text, cleaned of the wrappers models like to add. */
import { z } from 'zod';
import { PLATFORM_CHARACTER_LIMITS, PLATFORM_LABELS, type Platform } from '@shared/domain/options';
import { platformLength } from '../platform-fit';

export const rewriteReplySchema = z.string().trim().min(1);

/** Drops <think> blocks, a ```fence```, a 'Rewritten post:' label and quotes around the whole text. */
export function cleanRewriteReply(text: string): string {
  let cleaned = text.replace(/<think>[\s\S]*?<\/think>/gi, '').trim();
  const fenced = /^```[a-z]*\s*([\s\S]*?)\s*```$/i.exec(cleaned);
  if (fenced) cleaned = fenced[1]!.trim();
  cleaned = cleaned.replace(/^(here is|here's)?\s*(the|your)?\s*(rewritten|new|updated)\s+(post|version|text)\s*:\s*/i, '');
  const quoted = /^(["“'])([\s\S]*)(["”'])$/.exec(cleaned);
  if (quoted && !quoted[2]!.includes(quoted[1]!)) cleaned = quoted[2]!.trim();
  return cleaned;
}

export type RewriteCheck = { text: string } | { problem: string };

export function checkRewrite(reply: string, original: string, platform: Platform): RewriteCheck {
  const parsed = rewriteReplySchema.safeParse(cleanRewriteReply(reply));
  if (!parsed.success) return { problem: 'the answer was empty' };
  const limit = PLATFORM_CHARACTER_LIMITS[platform];
  // Counted as the platform counts (on X a link is 23, an emoji 2).
  const length = platformLength(platform, parsed.data);
  if (length > limit) {
    return { problem: `the text has ${length} characters, more than the ${limit} ${PLATFORM_LABELS[platform]} allows` };
  }
  if (parsed.data === original.trim()) return { problem: 'the text was the same as the original' };
  return { text: parsed.data };
}
