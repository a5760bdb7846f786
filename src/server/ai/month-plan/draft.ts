/**
 * The text so far of a post the model is still writing, read from the unfinished JSON object of its
 * reply: what the overlay shows as the first words before any post is complete.
 */

const CONTENT_KEY = /"content"\s*:\s*"/;
const SLOT = /"slot"\s*:\s*"?(\d+)/;

export interface OpenPostDraft {
  /** The slot number the post names (1-based), when it came before the text. */
  slot: number | undefined;
  /** Its text as far as it is written, unescaped; an escape sequence cut at the end is left out. */
  content: string;
}

/** Reads an unfinished post object such as `{"slot":1,"content":"Winter is her`; null before its text starts. */
export function readOpenPost(partial: string): OpenPostDraft | null {
  const key = CONTENT_KEY.exec(partial);
  if (!key) return null;
  const start = key.index + key[0].length;
  let end = start;
  // To the closing quote, or as far as the text has arrived without cutting an escape in two.
  while (end < partial.length && partial[end] !== '"') {
    if (partial[end] !== '\\') end++;
    else if (partial[end + 1] === 'u') {
      if (!/^[0-9a-fA-F]{4}$/.test(partial.slice(end + 2, end + 6))) break;
      end += 6;
    } else if (end + 1 < partial.length) end += 2;
    else break;
  }
  let content: string;
  try {
    content = JSON.parse(`"${partial.slice(start, end)}"`) as string;
  } catch {
    return null;
  }
  const slot = SLOT.exec(partial.slice(0, key.index));
  return { slot: slot ? Number.parseInt(slot[1]!, 10) : undefined, content };
}

/** `text` up to its last whole word: a word still being written (no space after it yet) is left out. */
export function wholeWords(text: string): string {
  let end = text.length;
  // Scanned from the end: the word being written is short, the text may be long.
  while (end > 0 && !/\s/.test(text[end - 1]!)) end--;
  return text.slice(0, end).trimEnd();
}
