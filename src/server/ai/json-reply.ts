/**
 * Reads a model's JSON answer the way small local models write it: inside ```json fences, with chatter
 * before and after (braces in it included), after a <think>…</think> block, with trailing commas.
 */
import { MESSAGES, WriterError } from './errors';

/** JSON.parse, then once more without commas before a closing bracket (outside strings). */
export function parseLenientJson(text: string): { ok: true; value: unknown } | { ok: false } {
  for (const candidate of [text, withoutTrailingCommas(text)]) {
    try {
      return { ok: true, value: JSON.parse(candidate) };
    } catch {
      // try the next form
    }
  }
  return { ok: false };
}

/**
 * Follows JSON strings one character at a time: answers whether the character is part of a string
 * (its quotes and escapes included), so the caller only looks at the characters outside strings.
 */
function jsonStrings(): (char: string) => boolean {
  let inString = false;
  let escaped = false;
  return (char) => {
    if (inString) {
      if (escaped) escaped = false;
      else if (char === '\\') escaped = true;
      else if (char === '"') inString = false;
      return true;
    }
    inString = char === '"';
    return inString;
  };
}

/** `{"a":1,}` -> `{"a":1}`: drops each comma followed only by blanks and `}` or `]`, leaving strings alone. */
export function withoutTrailingCommas(text: string): string {
  let out = '';
  const inString = jsonStrings();
  for (let i = 0; i < text.length; i++) {
    const char = text[i]!;
    if (!inString(char) && char === ',') {
      let next = i + 1;
      while (next < text.length && /\s/.test(text[next]!)) next++;
      if (text[next] === '}' || text[next] === ']') continue;
    }
    out += char;
  }
  return out;
}

/** The end (exclusive) of the bracketed value starting at `start`, string-aware; -1 when it never closes. */
function closingOf(text: string, start: number): number {
  let depth = 0;
  const inString = jsonStrings();
  for (let i = start; i < text.length; i++) {
    const char = text[i]!;
    if (inString(char)) continue;
    if (char === '{' || char === '[') depth++;
    else if (char === '}' || char === ']') {
      depth--;
      if (depth === 0) return i + 1;
    }
  }
  return -1;
}

/** Reasoning models on some servers put their thinking in the text first; an unclosed block hides nothing after it. */
export function withoutThinking(text: string): string {
  return text.replace(/<think>[\s\S]*?<\/think>/gi, '').trim();
}

/** Most bracketed values tried in one reply: chatter rarely holds more, and each try is linear. */
const MAX_CANDIDATES = 40;

export function parseJsonReply(text: string): unknown {
  const trimmed = withoutThinking(text);
  const fenced = /```(?:json)?\s*([\s\S]*?)```/i.exec(trimmed)?.[1];
  for (const candidate of [trimmed, fenced]) {
    if (!candidate) continue;
    const parsed = parseLenientJson(candidate.trim());
    if (parsed.ok) return parsed.value;
  }
  // Chatter around the JSON (which may hold braces of its own): the longest complete object or array
  // that parses; values inside one already found are not tried again.
  let best: { value: unknown; length: number } | undefined;
  let tried = 0;
  for (let start = 0; start < trimmed.length && tried < MAX_CANDIDATES; start++) {
    const char = trimmed[start];
    if (char !== '{' && char !== '[') continue;
    tried++;
    const end = closingOf(trimmed, start);
    if (end < 0) continue;
    const parsed = parseLenientJson(trimmed.slice(start, end));
    if (!parsed.ok || parsed.value === null || typeof parsed.value !== 'object') continue;
    if (!best || end - start > best.length) best = { value: parsed.value, length: end - start };
    start = end - 1;
  }
  if (best) return best.value;
  throw new WriterError(MESSAGES.notJson, 'invalid_reply');
}
