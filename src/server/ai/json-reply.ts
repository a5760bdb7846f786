/** Reads a model's JSON answer, tolerant of ```json fences and chatter around the object. */
import { MESSAGES, WriterError } from './errors';

function tryParse(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}

export function parseJsonReply(text: string): unknown {
  // Reasoning models on some servers put their thinking in the text first.
  const trimmed = text.replace(/<think>[\s\S]*?<\/think>/gi, '').trim();
  const fenced = /```(?:json)?\s*([\s\S]*?)```/i.exec(trimmed)?.[1];
  const firstBrace = trimmed.indexOf('{');
  const lastBrace = trimmed.lastIndexOf('}');
  const candidates = [trimmed, fenced, firstBrace >= 0 && lastBrace > firstBrace ? trimmed.slice(firstBrace, lastBrace + 1) : undefined];
  for (const candidate of candidates) {
    if (!candidate) continue;
    const parsed = tryParse(candidate.trim());
    if (parsed.ok) return parsed.value;
  }
  throw new WriterError(MESSAGES.notJson, 'invalid_reply');
}
