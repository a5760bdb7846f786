import type { Post } from '@shared/schemas/post';
import { NEW_PROFILE, type ProfileRepository } from '../profile/profile-repository';
import type { PostRepository } from '../posts/post-repository';
import type { Access } from '../months/access';
import type { MediaService } from '../media/media-service';
import { MEDIA_URL_PREFIX } from '../media/media-service';
import type { LibraryRepository } from '../media/library-repository';
import type { UsageRepository } from '../account/usage-repository';
import type { Logger } from '../../platform/logger';
import type { JobQueue } from '../../platform/queue/queue';
import { newImageJobRow, type ImageJobRepository, type ImageJobRow } from './image-job-repository';
import { batchTemplateOf, wantsImage } from './image-content';
import { failureMessage, type ImageMaker } from './image-maker';

/** The queue's name for making images. */
export const IMAGE_QUEUE = 'image-making';
export const IMAGE_INTERRUPTED_REASON = 'The server restarted while this image was being made. Make it again.';
const POST_GONE_REASON = 'The post was deleted before its image was made.';

/** A job is retried by the queue only when its handler itself broke (a database error): a failure to make the image is its end. */
export const IMAGE_SEND_OPTIONS = { retryLimit: 2, retryDelaySeconds: 5, retryBackoff: true, expireInSeconds: 300 } as const;

interface Deps {
  imageJobs: ImageJobRepository;
  posts: Pick<PostRepository, 'find' | 'listByMonth'>;
  profiles: Pick<ProfileRepository, 'find'>;
  access: Pick<Access, 'writeToPost'>;
  media: Pick<MediaService, 'storeMade'>;
  library: Pick<LibraryRepository, 'markKept'>;
  usage: Pick<UsageRepository, 'consumeImage'>;
  maker: ImageMaker;
  queue: JobQueue;
  log: Logger;
  imagesPerDay: number;
  /** Readies the renderer (fonts loaded, layout engine compiled), once, before the first image is timed. */
  warmUp?: () => Promise<void>;
  now?: () => Date;
}

export const imageLimitMessage = (perDay: number) =>
  `You have made all ${perDay} images allowed today. More can be made after midnight UTC; until then you can upload your own.`;

/**
 * Makes images on the queue, one job at a time per instance (rendering is CPU work: one at a time keeps
 * the server answering). A job that ended already is not made again, so a retried job does nothing.
 */
export function createImageWorker({
  imageJobs,
  posts,
  profiles,
  access,
  media,
  library,
  usage,
  maker,
  queue,
  log,
  imagesPerDay,
  warmUp = async () => undefined,
  now = () => new Date(),
}: Deps) {
  let warmed: Promise<void> | undefined;
  const warmUpOnce = () => (warmed ??= warmUp());
  let turn: Promise<void> = Promise.resolve();
  const oneAtATime = <T>(work: () => Promise<T>): Promise<T> => {
    const result = turn.then(work);
    turn = result.then(
      () => undefined,
      () => undefined,
    );
    return result;
  };

  /** A batch's image goes on its post, only while the post still has no media (the user may have added some). */
  async function attach(job: ImageJobRow, fileIds: string[]): Promise<void> {
    const attached = await access
      .writeToPost(job.userId, job.postId, async (repositories) => {
        let added = false;
        await repositories.posts.updateMedia(
          job.userId,
          job.postId,
          (current) => {
            if (current.length > 0) return current;
            added = true;
            return fileIds.map((fileId) => ({ type: 'image' as const, url: `${MEDIA_URL_PREFIX}${fileId}` }));
          },
          now().toISOString(),
        );
        return added;
      })
      // An archived month or a deleted post keeps its image in the job only.
      .catch(() => false);
    if (attached) await library.markKept(job.userId, fileIds);
  }

  async function handle(imageJobId: string): Promise<void> {
    const row = await imageJobs.findById(imageJobId);
    if (!row || !(await imageJobs.start(row.id, now().toISOString()))) return;
    const started = performance.now();
    const post = await posts.find(row.userId, row.postId);
    if (!post) return imageJobs.fail(row.id, POST_GONE_REASON, now().toISOString());
    try {
      // A cold renderer takes about a second more than a warm one: that is not counted in the image's time.
      if (row.mode === 'template') await warmUpOnce();
      const profile = (await profiles.find(row.userId)) ?? NEW_PROFILE;
      const images = await maker.make(row.userId, post, profile, row);
      const fileIds: string[] = [];
      for (const image of images) {
        fileIds.push(
          await media.storeMade(row.userId, image.bytes, image.mimeType, {
            altText: post.mediaPrompt,
            source: row.mode === 'ai' ? 'ai' : 'template',
            template: row.template,
            kept: false,
          }),
        );
      }
      if (row.batchId) await attach(row, fileIds);
      await imageJobs.succeed(row.id, fileIds, now().toISOString());
      log.info({
        event: 'image.made',
        imageJobId: row.id,
        mode: row.mode,
        template: row.template,
        files: fileIds.length,
        ms: Math.round(performance.now() - started),
      });
    } catch (error) {
      const reason = failureMessage(error);
      log.warn({ event: 'image.failed', imageJobId: row.id, mode: row.mode, reason, cause: error instanceof Error ? error.message : String(error) });
      await imageJobs.fail(row.id, reason, now().toISOString());
    }
  }

  return {
    async enqueue(imageJobId: string): Promise<void> {
      await queue.send(IMAGE_QUEUE, { imageJobId }, IMAGE_SEND_OPTIONS);
    },

    /** Takes image jobs from the queue in this instance (ROLE=worker or all). */
    async work(): Promise<void> {
      await queue.work<{ imageJobId: string }>(IMAGE_QUEUE, (job) => oneAtATime(() => handle(job.data.imageJobId)));
    },

    /**
     * Start-up. In one process nothing queued survives a restart: unfinished jobs fail with a reason.
     * A durable queue still holds them (and retries one whose instance died), so nothing is done.
     */
    async recoverInterrupted(): Promise<number> {
      if (queue.durable) return 0;
      return imageJobs.failAllUnfinished(IMAGE_INTERRUPTED_REASON, now().toISOString());
    },

    /**
     * After a generation with "Make images for visual posts" is written: one template job per image or
     * carousel post of the month without media. Each counts toward the day's images; past the limit the
     * rest are recorded as failed with the limit's words.
     */
    async queueBatch(userId: string, monthId: string, batchId: string): Promise<number> {
      const wanting = (await posts.listByMonth(userId, monthId)).filter(wantsImage);
      const at = now();
      const day = at.toISOString().slice(0, 10);
      const rows: ImageJobRow[] = [];
      for (const post of wanting satisfies Post[]) {
        const allowed = await usage.consumeImage(userId, day, imagesPerDay);
        const job = { userId, postId: post.id, monthId, batchId, mode: 'template' as const, template: batchTemplateOf(post) };
        rows.push(newImageJobRow(allowed ? job : { ...job, error: imageLimitMessage(imagesPerDay) }, at.toISOString()));
      }
      await imageJobs.insert(rows);
      for (const row of rows) if (row.status === 'queued') await queue.send(IMAGE_QUEUE, { imageJobId: row.id }, IMAGE_SEND_OPTIONS);
      log.info({ event: 'image.batch', batchId, monthId, planned: rows.length });
      return rows.length;
    },

    /** Readies the renderer now (main.ts, at start), so the first user does not wait for it. */
    warmUp: warmUpOnce,

    /** Waits for the jobs this instance is making (shutdown, tests). */
    idle: () => turn,
  };
}

export type ImageWorker = ReturnType<typeof createImageWorker>;
