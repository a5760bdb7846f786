import type { ImageModel } from '../../ai/image-model';
import type { Logger } from '../../platform/logger';
import type { JobQueue } from '../../platform/queue/queue';
import type { UsageLimits } from '../account/usage-limits';
import type { UsageRepository } from '../account/usage-repository';
import type { LibraryRepository } from '../media/library-repository';
import type { MediaService } from '../media/media-service';
import type { Access } from '../months/access';
import type { PostRepository } from '../posts/post-repository';
import type { ProfileRepository } from '../profile/profile-repository';
import type { ImageJobRepository } from './image-job-repository';
import { createImageMaker } from './image-maker';
import { createImageService } from './image-service';
import { createImageWorker } from './image-worker';
import { createRenderPool } from './render-pool';

interface Deps {
  imageJobs: ImageJobRepository;
  log: Logger;
  queue: JobQueue;
  posts: PostRepository;
  profiles: ProfileRepository;
  access: Access;
  media: MediaService;
  library: LibraryRepository;
  usage: UsageLimits;
  usageCounts: UsageRepository;
  imageModel: ImageModel;
  /** How long the image model may take for one image. */
  imageTimeoutMs: number;
  imagesPerDay: number;
  now?: () => Date;
}

/**
 * Images for posts, wired as one piece for the composition root: made on the queue one at a time per
 * instance (`imageWorker`), rendered in a thread (`renderPool`), asked for and kept through `images`.
 */
export function createImagesModule({
  imageJobs,
  log,
  queue,
  posts,
  profiles,
  access,
  media,
  library,
  usage,
  usageCounts,
  imageModel,
  imageTimeoutMs,
  imagesPerDay,
  now,
}: Deps) {
  const renderPool = createRenderPool(log);
  const imageWorker = createImageWorker({
    imageJobs,
    posts,
    profiles,
    access,
    media,
    library,
    usage: usageCounts,
    maker: createImageMaker({ media, imageModel, aiTimeoutMs: imageTimeoutMs, render: renderPool.render }),
    warmUp: renderPool.warmUp,
    queue,
    log,
    imagesPerDay,
    now,
  });
  const images = createImageService({ access, imageJobs, library, media, usage, usageCounts, worker: imageWorker, imageModel, imagesPerDay, now });
  return { images, imageWorker, renderPool };
}
