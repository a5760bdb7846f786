import { NETWORK_RULES, postTypeOn } from '@shared/domain/networks';
import { isDateInMonth, noonUtc } from '@shared/domain/months';
import { takesEvents } from '@shared/networks';
import type { Post } from '@shared/schemas/post';
import type { CopyPost } from '@shared/schemas/post-actions';
import { fitToPlatform } from '../../ai/platform-fit';
import type { Writer } from '../../ai/writer';
import type { VoiceSample } from '../../ai/voice-examples';
import { newPostRow } from './post-repository';
import { NEW_PROFILE, type ProfileRepository } from '../profile/profile-repository';
import { toJson } from '../../platform/db/json-columns';
import { AppError } from '../../errors';
import { STALE_MESSAGE, type Access } from '../months/access';
import { writerFailure } from './post-service';
import type { UsageLimits } from '../account/usage-limits';

interface Deps {
  profiles: ProfileRepository;
  access: Access;
  writer: Writer;
  usage: UsageLimits;
  voiceSamples?: (userId: string) => Promise<VoiceSample[]>;
  now?: () => Date;
}

/**
 * Reusing a post: a duplicate on another day, or the text adapted by the writer for another network.
 * Either is a new post with its own history; the original is left as it was.
 */
export function createPostCopyService({ profiles, access, writer, usage, voiceSamples = async () => [], now = () => new Date() }: Deps) {
  return {
    async copy(userId: string, postId: string, input: CopyPost): Promise<Post> {
      const { post, month } = await access.requirePost(userId, postId, { writable: true });
      if (post.version !== input.version) throw new AppError('stale_version', STALE_MESSAGE);
      if (!isDateInMonth(input.date, month))
        throw new AppError('bad_request', `The date ${input.date} is not in ${month.name} ${month.year}.`, { date: 'Pick a day of this month.' });
      usage.checkMonthRoom(month.postCount, 1);
      const platform = input.platform ?? post.platform;
      let content = post.content;
      let hashtags = post.hashtags;
      if (input.mode === 'adapt') {
        const profile = (await profiles.find(userId)) ?? NEW_PROFILE;
        await usage.consumeAiRequest(userId);
        content = await writer
          .rewritePost({
            profile,
            content: post.content,
            platform,
            instructions: NETWORK_RULES[platform].adaptInstructions,
            useEmojis: month.strategy?.useEmojis ?? true,
            voice: await voiceSamples(userId),
          })
          .catch(writerFailure);
        // The hashtags go with the adapted text: together they fit the network as it counts (300 on Bluesky).
        ({ content, hashtags } = fitToPlatform({ platform, content, hashtags }).post);
      }
      // The writer may take a while: the month is checked again, and counted, as the copy is saved.
      return access.writeInMonth(userId, post.monthId, async (repositories) => {
        const written = { date: noonUtc(input.date), platform, type: postTypeOn(platform, post.type), content, hashtags, mediaPrompt: post.mediaPrompt };
        // The copy shows the same files; a file goes only when no post refers to it (media-service). It
        // announces the same offer or event where the network has them.
        const event = post.event && takesEvents(platform) ? toJson(post.event) : null;
        const row = { ...newPostRow(userId, post.monthId, written, now().toISOString()), media: toJson(post.media), event };
        await usage.insertPost(row, repositories.posts);
        return (await repositories.posts.find(userId, row.id))!;
      });
    },
  };
}

export type PostCopyService = ReturnType<typeof createPostCopyService>;
