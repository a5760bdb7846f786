/**
 * Finds the complete post objects of a month reply while it is still streaming, so each post can be
 * validated and saved seconds after the model wrote it instead of when the whole reply has arrived.
 *
 * It reads `{"posts":[{...},{...}` (the shape we ask for) or a bare array `[{...},{...}`, after any
 * chatter, a ```json fence or a <think> block. Each element of that list is handed out once, as
 * parsed JSON, as soon as its closing brace arrives. Anything else is ignored: the full reply is
 * still parsed at the end, and that is what decides about every post not handed out here.
 */
import { parseLenientJson } from '../json-reply';

interface Container {
  kind: '{' | '[';
  /** The posts list itself: its direct object elements are the posts. */
  posts: boolean;
  /** Inside an object: the next string is a key. */
  expectingKey: boolean;
  /** Inside an object: the last key read. */
  key: string | undefined;
}

const THINK_START = '<think>';
const THINK_END = '</think>';

export class PostStreamExtractor {
  private text = '';
  private scanned = 0;
  private started = false;
  /** The outer value is complete: nothing after it is read. */
  private done = false;
  private inThink = false;
  private stack: Container[] = [];
  private inString = false;
  private escaped = false;
  private stringStart = 0;
  /** Where the post being read started in `text`, while inside one. */
  private elementStart = -1;

  /** Forgets everything read so far (the provider is answering again from the start). */
  reset(): void {
    this.text = '';
    this.scanned = 0;
    this.started = false;
    this.done = false;
    this.inThink = false;
    this.stack = [];
    this.inString = false;
    this.escaped = false;
    this.elementStart = -1;
  }

  /** The text read so far of the post not complete yet, if the reply is inside one. */
  openPost(): string | null {
    return this.elementStart >= 0 && !this.done ? this.text.slice(this.elementStart, this.scanned) : null;
  }

  /** Adds the next piece of the reply; returns the posts completed by it, in order. */
  push(delta: string): unknown[] {
    if (this.done) return [];
    this.text += delta;
    const found: unknown[] = [];
    const text = this.text;
    let i = this.scanned;
    while (i < text.length) {
      if (!this.started) {
        const next = this.findRoot(i);
        if (next < 0) {
          // Scan the tail again with the next piece: a <think> or </think> may be cut in two.
          i = Math.max(i, text.length - THINK_END.length);
          break;
        }
        i = next;
        continue;
      }
      const char = text[i]!;
      if (this.inString) {
        if (this.escaped) this.escaped = false;
        else if (char === '\\') this.escaped = true;
        else if (char === '"') {
          this.inString = false;
          const top = this.stack[this.stack.length - 1];
          if (top?.kind === '{' && top.expectingKey) {
            top.key = readKey(text.slice(this.stringStart, i + 1));
            top.expectingKey = false;
          }
        }
        i++;
        continue;
      }
      const top = this.stack[this.stack.length - 1];
      if (char === '"') {
        this.inString = true;
        this.stringStart = i;
      } else if (char === '{' || char === '[') {
        // The list of posts: the value of "posts" in the outer object, or the outer array itself.
        const posts = (top === undefined && char === '[') || (this.stack.length === 1 && top?.kind === '{' && top.key === 'posts' && char === '[');
        if (top?.posts && char === '{') this.elementStart = i;
        this.stack.push({ kind: char, posts, expectingKey: char === '{', key: undefined });
      } else if (char === '}' || char === ']') {
        this.stack.pop();
        const parent = this.stack[this.stack.length - 1];
        if (char === '}' && parent?.posts && this.elementStart >= 0) {
          const item = parseOrUndefined(text.slice(this.elementStart, i + 1));
          if (item !== undefined) found.push(item);
          this.elementStart = -1;
        }
        if (this.stack.length === 0) {
          this.done = true;
          this.text = '';
          return found;
        }
      } else if (char === ',' && top?.kind === '{') {
        top.expectingKey = true;
        top.key = undefined;
      }
      i++;
    }
    this.scanned = i;
    return found;
  }

  /** Index of the outer `{` or `[`, skipping <think> blocks; -1 when it has not arrived yet. */
  private findRoot(from: number): number {
    const text = this.text;
    let i = from;
    while (i < text.length) {
      if (this.inThink) {
        const end = text.indexOf(THINK_END, i);
        if (end < 0) return -1;
        this.inThink = false;
        i = end + THINK_END.length;
        continue;
      }
      const char = text[i]!;
      if (char === '<' && text.startsWith(THINK_START, i)) {
        this.inThink = true;
        i += THINK_START.length;
        continue;
      }
      if (char === '<' && text.length - i < THINK_START.length && THINK_START.startsWith(text.slice(i))) return -1;
      if (char === '{' || char === '[') {
        this.started = true;
        return i;
      }
      i++;
    }
    return -1;
  }
}

function readKey(quoted: string): string | undefined {
  const value = parseOrUndefined(quoted);
  return typeof value === 'string' ? value : undefined;
}

function parseOrUndefined(text: string): unknown {
  const parsed = parseLenientJson(text);
  return parsed.ok ? parsed.value : undefined;
}
