import type { ImageBatch, ImageCapabilities, ImageJob, MakeImage } from '@shared/schemas/images';
import { POST_LIMITS, type Post } from '@shared/schemas/post';
import type { ImageModel } from '../../ai/image-model';
import { AppError, notFound } from '../../errors';
import type { Access } from '../months/access';
import { STALE_MESSAGE } from '../months/access';
import type { UsageLimits } from '../account/usage-limits';
import type { UsageRepository } from '../account/usage-repository';
import type { LibraryRepository } from '../media/library-repository';
import { MEDIA_URL_PREFIX, type MediaService } from '../media/media-service';
import { fromJsonList } from '../../platform/db/json-columns';
import { newImageJobRow, toImageJob, type ImageJobRepository } from './image-job-repository';
import { imageLimitMessage, type ImageWorker } from './image-worker';

interface Deps {
  access: Access;
  imageJobs: ImageJobRepository;
  library: Pick<LibraryRepository, 'markKept' | 'find'>;
  /** To check a made file is still stored before a post refers to it. */
  media: Pick<MediaService, 'locate'>;
  usage: Pick<UsageLimits, 'consumeAiRequest'>;
  usageCounts: Pick<UsageRepository, 'imagesMade'>;
  worker: Pick<ImageWorker, 'enqueue'>;
  imageModel: ImageModel;
  imagesPerDay: number;
  now?: () => Date;
}

export const NO_MODEL_MESSAGE = 'No image model is set up on this server. Choose a template instead.';
const NOT_READY_MESSAGE = 'This image is not ready yet. Wait until it has been made, then keep it.';
const GONE_MESSAGE = 'This image is no longer kept on the server. Make it again.';

const fileIdOf = (url: string) => (url.startsWith(MEDIA_URL_PREFIX) ? url.slice(MEDIA_URL_PREFIX.length) : null);

/** Making images for posts from the editor, keeping one on its post, and a generation's batch as progress. */
export function createImageService({ access, imageJobs, library, media, usage, usageCounts, worker, imageModel, imagesPerDay, now = () => new Date() }: Deps) {
  async function ownJob(userId: string, imageJobId: string) {
    const row = await imageJobs.find(userId, imageJobId);
    if (!row) throw notFound('Image job');
    return row;
  }

  /** The files on a post that earlier made images put there (a kept image replaces them; uploads stay). */
  async function madeFilesOn(userId: string, post: Post): Promise<Set<string>> {
    const made = new Set<string>();
    for (const item of post.media) {
      const fileId = fileIdOf(item.url);
      const row = fileId ? await library.find(userId, fileId) : undefined;
      if (row && (row.source === 'template' || row.source === 'ai')) made.add(fileId!);
    }
    return made;
  }

  return {
    /**
     * Counts the image (and, for the image model, one AI request) in the transaction that checks the
     * post's month is writable, so the answer to a limit comes at once; then queues the job.
     */
    async make(userId: string, postId: string, request: MakeImage): Promise<ImageJob> {
      const { post } = await access.requirePost(userId, postId, { writable: true });
      if (request.mode === 'ai' && !imageModel.available) throw new AppError('image_model_unavailable', NO_MODEL_MESSAGE);
      const day = now().toISOString().slice(0, 10);
      await access.writeToPost(userId, postId, async (repositories) => {
        if (!(await repositories.usage.consumeImage(userId, day, imagesPerDay))) throw new AppError('image_limit_reached', imageLimitMessage(imagesPerDay));
        // "The AI limit counts images": an image from the model is one AI request, whatever writes the text.
        if (request.mode === 'ai') await usage.consumeAiRequest(userId, repositories.usage, { always: true });
      });
      const row = newImageJobRow(
        { userId, postId, monthId: post.monthId, batchId: null, mode: request.mode, template: request.mode === 'template' ? request.template : null },
        now().toISOString(),
      );
      await imageJobs.insert([row]);
      await worker.enqueue(row.id);
      return toImageJob((await imageJobs.findById(row.id)) ?? row);
    },

    get: async (userId: string, imageJobId: string): Promise<ImageJob> => toImageJob(await ownJob(userId, imageJobId)),

    /**
     * Puts the job's images on its post in place of images made earlier (uploads stay), in the
     * transaction that checks the month is writable and the version is the one the user saw.
     */
    async keep(userId: string, postId: string, imageJobId: string, version: number): Promise<Post> {
      // The post and its month first: an archived month answers 409 whatever the job.
      const { post: current } = await access.requirePost(userId, postId, { writable: true });
      const job = await ownJob(userId, imageJobId);
      if (job.postId !== postId) throw notFound('Image job');
      if (job.status !== 'succeeded') throw new AppError('conflict', NOT_READY_MESSAGE);
      const files = fromJsonList<string>(job.files);
      // A preview never kept may have been cleared away since (unkept made files do not last).
      for (const fileId of files) await media.locate(userId, fileId).catch(() => Promise.reject(new AppError('conflict', GONE_MESSAGE)));
      const made = await madeFilesOn(userId, current);
      const saved = await access.writeToPost(userId, postId, async (repositories, post) => {
        if (post.version !== version) throw new AppError('stale_version', STALE_MESSAGE);
        await repositories.posts.updateMedia(
          userId,
          postId,
          (media) => {
            const kept = media.filter((item) => {
              const fileId = fileIdOf(item.url);
              return !fileId || (!made.has(fileId) && !files.includes(fileId));
            });
            const next = [...kept, ...files.map((fileId) => ({ type: 'image' as const, url: `${MEDIA_URL_PREFIX}${fileId}` }))];
            if (next.length > POST_LIMITS.media) {
              throw new AppError(
                'bad_request',
                `A post can have at most ${POST_LIMITS.media} media files. Remove ${next.length - POST_LIMITS.media} to keep these images.`,
              );
            }
            return next;
          },
          now().toISOString(),
        );
        return (await repositories.posts.find(userId, postId))!;
      });
      await library.markKept(userId, files);
      return saved;
    },

    /** The month's latest batch (the last generation that made images), for progress like the posts'. */
    async batch(userId: string, monthId: string): Promise<ImageBatch> {
      await access.requireMonth(userId, monthId);
      const { batchId, jobs } = await imageJobs.latestBatch(userId, monthId);
      return {
        batchId,
        planned: jobs.length,
        made: jobs.filter((job) => job.status === 'succeeded').length,
        failed: jobs.filter((job) => job.status === 'failed').length,
        jobs: jobs.map(toImageJob),
      };
    },

    /** Whether the image model is offered (its name, never its address or key) and the day's count. */
    async capabilities(userId: string): Promise<ImageCapabilities> {
      const ai = imageModel.available;
      return {
        ai,
        provider: ai ? imageModel.provider : null,
        model: ai ? (imageModel.model ?? null) : null,
        perDay: imagesPerDay,
        madeToday: await usageCounts.imagesMade(userId, now().toISOString().slice(0, 10)),
      };
    },
  };
}

export type ImageService = ReturnType<typeof createImageService>;
