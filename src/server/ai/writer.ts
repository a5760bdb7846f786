/**
 * The one interface both writers implement: the AI writer (any OpenAI-compatible provider) and the
 * built-in offline template writer used when no provider is configured. Types only: the factory is
 * `create-writer.ts`, the error writers throw is `errors.ts`, so no implementation imports back here.
 */
import type { Platform, PostType } from '@shared/domain/options';
import type { PostSlot } from '@shared/domain/slot-planner';
import type { WrittenPost } from '@shared/schemas/post';
import type { Profile } from '@shared/schemas/profile';
import type { Strategy } from '@shared/schemas/strategy';
import type { VoiceSample } from './voice-examples';

export interface WriterContext {
  profile: Profile;
  strategy: Strategy;
  year: number;
  month: number;
  /** The user's examples of the brand's voice, newest first; the writer picks a few per prompt. */
  voice?: VoiceSample[];
}

export interface WriteMonthOptions {
  signal?: AbortSignal;
  /** Called as soon as some posts are ready, with the indexes of their slots. */
  onPosts?: (posts: WrittenPost[], slotIndexes: number[]) => void;
  /**
   * Until the first post is complete: the text so far of the post being written first (the index of
   * its slot and its text), each time more of it arrives. Never called after `onPosts`.
   */
  onDraft?: (slotIndex: number, content: string) => void;
  /** Texts of the posts this month replaces: no new post may open with the same first five words. */
  avoidOpenings?: string[];
}

export interface WriteMonthResult {
  /** Aligned with the slots; null where writing that slot failed (see problems). */
  posts: (WrittenPost | null)[];
  /** One sentence per slot that could not be written, for the user and the log. */
  problems: string[];
  /** Indexes of the slots whose post the server shortened to fit its platform (the model's stayed too long). */
  shortened: number[];
}

export interface RewritePostInput {
  profile: Profile;
  content: string;
  platform: Platform;
  instructions: string;
  useEmojis?: boolean;
  voice?: VoiceSample[];
}

export interface SinglePostInput {
  profile: Profile;
  strategy: Strategy | null;
  /** The day of the post: YYYY-MM-DD or any ISO date; the result is at noon UTC of that day. */
  date: string;
  platform?: Platform;
  type?: PostType;
  /** What the post should be about; may be empty. */
  prompt: string;
  voice?: VoiceSample[];
}

export interface Writer {
  readonly kind: 'ai' | 'offline';
  /** Shown to the user, e.g. 'OpenAI gpt-4o-mini' or 'Built-in template writer (not AI)'. */
  readonly label: string;
  writeMonth(context: WriterContext, slots: PostSlot[], options?: WriteMonthOptions): Promise<WriteMonthResult>;
  rewritePost(input: RewritePostInput, signal?: AbortSignal): Promise<string>;
  writeSinglePost(input: SinglePostInput, signal?: AbortSignal): Promise<WrittenPost>;
  /** One small request to check the provider answers (Settings' 'Test connection'); throws WriterError. */
  testConnection(signal?: AbortSignal): Promise<void>;
}

export interface WriterOptions {
  /** Per request to the provider; default 10 minutes. */
  timeoutMs?: number;
  /** Retries of a failed request (429, 5xx, connection errors); default 2. */
  maxRetries?: number;
  /** Most slots in one request when writing a month; default 10. */
  batchSize?: number;
  /** Requests in flight at once when writing a month (a month is split into about this many batches); default 7. */
  concurrency?: number;
  /** Save a month's posts the moment each is complete in the streamed reply (default true); false waits for whole replies. */
  streamPosts?: boolean;
  /** First back-off between retries when the provider sends no Retry-After; doubles each time. Default 1 s. */
  retryDelayMs?: number;
}
