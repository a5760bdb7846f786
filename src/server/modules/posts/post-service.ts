import { dateOnly, isDateInMonth, noonUtc } from '@shared/domain/months';
import { targetPlatforms } from '@shared/domain/slot-planner';
import { NETWORKS, PLATFORMS, takesEvents, type Platform } from '@shared/networks';
import type { NewPost, Post, PostUpdate, PostVersionsPage, WrittenPost } from '@shared/schemas/post';
import { WriterError } from '../../ai/errors';
import { fitToPlatform } from '../../ai/platform-fit';
import type { Writer } from '../../ai/writer';
import type { VoiceSample } from '../../ai/voice-examples';
import type { MonthRow } from '../months/month-repository';
import { newPostRow, type KeptVersion, type PostChanges, type PostRepository } from './post-repository';
import { NEW_PROFILE, type ProfileRepository } from '../profile/profile-repository';
import type { Repositories } from '../../platform/db/transact';
import { AppError, notFound } from '../../errors';
import { STALE_MESSAGE, type Access } from '../months/access';
import { dueAtOf } from './schedule-service';
import type { UsageLimits } from '../account/usage-limits';

export const ARCHIVED_REWRITE_MESSAGE = 'Cannot regenerate archived content';

interface Deps {
  posts: PostRepository;
  profiles: ProfileRepository;
  access: Access;
  writer: Writer;
  usage: UsageLimits;
  /** The user's examples of the brand's voice, for rewrite and single-post prompts. */
  voiceSamples?: (userId: string) => Promise<VoiceSample[]>;
  now?: () => Date;
}

/** What a writer failure means to the user: the provider's trouble, never a 500. */
export function writerFailure(error: unknown): never {
  if (error instanceof WriterError) throw new AppError(error.reason === 'rate_limited' ? 'rate_limited' : 'unavailable', error.message);
  throw error;
}

const EVENT_NETWORKS = PLATFORMS.filter(takesEvents)
  .map((platform) => NETWORKS[platform].label)
  .join(' and ');
export const EVENT_NETWORK_MESSAGE = `Only ${EVENT_NETWORKS} posts can be offers or events. Make it an update, or move it to ${EVENT_NETWORKS} first.`;

/**
 * The event an update leaves on the post: refused on a network without offers and events; dropped when
 * the post moves to such a network (it becomes an update there).
 */
function eventAfter(post: Post, input: PostUpdate, platform: Platform): PostUpdate['event'] {
  if (input.event && !takesEvents(platform)) throw new AppError('bad_request', EVENT_NETWORK_MESSAGE, { event: EVENT_NETWORK_MESSAGE });
  if (input.event === undefined && post.event !== null && !takesEvents(platform)) return null;
  return input.event;
}

const sameList = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((item, index) => item === b[index]);

export function createPostService({ posts, profiles, access, writer, usage, voiceSamples = async () => [], now = () => new Date() }: Deps) {
  function assertInMonth(date: string, month: MonthRow) {
    if (!isDateInMonth(date, month))
      throw new AppError('bad_request', `The date ${date} is not in ${month.name} ${month.year}.`, { date: 'Pick a day of this month.' });
  }

  /**
   * Writes changes if the client saw the latest version; the replaced text is kept when it changes.
   * Runs in the transaction of `access.writeToPost`, which checked the post and its month.
   */
  async function write(
    repositories: Repositories,
    userId: string,
    post: Post,
    expectedVersion: number,
    changes: PostChanges,
    kept?: KeptVersion,
  ): Promise<Post> {
    const saved = await repositories.posts.update(userId, post.id, expectedVersion, changes, now().toISOString(), kept);
    if (!saved) throw new AppError('stale_version', STALE_MESSAGE);
    return (await repositories.posts.find(userId, post.id))!;
  }

  /** An archived month refuses a rewrite in the spec's own words. */
  const asRewrite = <T>(attempt: Promise<T>): Promise<T> =>
    attempt.catch((error: unknown) => {
      if (error instanceof AppError && error.code === 'archived') throw new AppError('archived', ARCHIVED_REWRITE_MESSAGE);
      throw error;
    });

  const keep = (post: Post, replacedBy: KeptVersion['replacedBy'], instruction: string | null = null): KeptVersion => ({
    content: post.content,
    hashtags: post.hashtags,
    replacedBy,
    instruction,
  });

  return {
    async get(userId: string, postId: string): Promise<Post> {
      return (await access.requirePost(userId, postId)).post;
    },

    async update(userId: string, postId: string, input: PostUpdate): Promise<Post> {
      return access.writeToPost(userId, postId, async (repositories, post, month) => {
        if (input.date) assertInMonth(dateOnly(input.date), month);
        const { version, ...fields } = input;
        const changes = { ...fields, event: eventAfter(post, input, input.platform ?? post.platform) };
        const textChanged =
          (input.content !== undefined && input.content !== post.content) || (input.hashtags !== undefined && !sameList(input.hashtags, post.hashtags));
        const saved = await write(repositories, userId, post, version, changes, textChanged ? keep(post, 'edit') : undefined);
        // A scheduled post moved to another day goes out on that day (its text is read when it is sent).
        if (saved.scheduledTime && saved.date !== post.date)
          await repositories.deliveries.retime(userId, postId, await dueAtOf(repositories, userId, saved.date, saved.scheduledTime), now().toISOString());
        return saved;
      });
    },

    /** Rewrites the text by instruction; the result replaces the post and is saved at once. */
    async rewrite(userId: string, postId: string, input: { version: number; instructions: string }): Promise<Post> {
      const { post, month } = await asRewrite(access.requirePost(userId, postId, { writable: true }));
      if (post.version !== input.version) throw new AppError('stale_version', STALE_MESSAGE);
      const profile = (await profiles.find(userId)) ?? NEW_PROFILE;
      await usage.consumeAiRequest(userId);
      const content = await writer
        .rewritePost({
          profile,
          content: post.content,
          platform: post.platform,
          instructions: input.instructions,
          useEmojis: month.strategy?.useEmojis ?? true,
          voice: await voiceSamples(userId),
        })
        .catch(writerFailure);
      // The writer may take a while: the month, the post and its version are checked again as it is saved.
      // The hashtags go with the rewritten text: together they fit the network as it counts (as 'Adapt for' does).
      const saved = access.writeToPost(userId, postId, (repositories, current) => {
        const fitted = fitToPlatform({ platform: current.platform, content, hashtags: current.hashtags }).post;
        return write(
          repositories,
          userId,
          current,
          input.version,
          { content: fitted.content, hashtags: fitted.hashtags },
          keep(current, 'rewrite', input.instructions),
        );
      });
      return asRewrite(saved);
    },

    /** Adds one post on a day of the month: written by the writer from an optional prompt, or by hand. */
    async create(userId: string, monthId: string, input: NewPost): Promise<Post> {
      const month = await access.requireMonth(userId, monthId, { writable: true });
      assertInMonth(input.date, month);
      usage.checkMonthRoom(month.postCount, 1);
      let written: WrittenPost;
      if (input.mode === 'manual') {
        written = {
          date: noonUtc(input.date),
          platform: input.platform,
          type: input.type,
          content: input.content,
          hashtags: input.hashtags,
          mediaPrompt: input.mediaPrompt,
        };
      } else {
        const profile = (await profiles.find(userId)) ?? NEW_PROFILE;
        const existing = await posts.listByMonth(userId, monthId);
        // Without a choice, take the target platform the month has used least, to keep the mix balanced.
        const platform =
          input.platform ??
          targetPlatforms(month.strategy).sort((a, b) => existing.filter((p) => p.platform === a).length - existing.filter((p) => p.platform === b).length)[0];
        await usage.consumeAiRequest(userId);
        const post = await writer
          .writeSinglePost({
            profile,
            strategy: month.strategy,
            date: input.date,
            platform,
            type: input.type,
            prompt: input.prompt,
            voice: await voiceSamples(userId),
          })
          .catch(writerFailure);
        written = { ...post, date: noonUtc(input.date) };
      }
      // The writer may take a while: the month is checked again as the post is saved.
      return access.writeInMonth(userId, monthId, async (repositories) => {
        const row = newPostRow(userId, monthId, written, now().toISOString());
        await usage.insertPost(row, repositories.posts);
        return (await repositories.posts.find(userId, row.id))!;
      });
    },

    async versions(userId: string, postId: string, page: { limit: number; before?: string }): Promise<PostVersionsPage> {
      await access.requirePost(userId, postId);
      return posts.listVersions(userId, postId, page);
    },

    async restore(userId: string, postId: string, versionId: string, expectedVersion: number): Promise<Post> {
      return access.writeToPost(userId, postId, async (repositories, post) => {
        const version = await repositories.posts.findVersion(userId, postId, versionId);
        if (!version) throw notFound('Version');
        return write(repositories, userId, post, expectedVersion, { content: version.content, hashtags: version.hashtags }, keep(post, 'restore'));
      });
    },
  };
}

export type PostService = ReturnType<typeof createPostService>;
