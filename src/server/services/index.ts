import type { Writer } from '../ai/writer';
import type { DatabaseHandle } from '../db/database';
import { createJobRepository } from '../db/job-repository';
import { createMonthRepository } from '../db/month-repository';
import { createPostRepository } from '../db/post-repository';
import { createProfileRepository } from '../db/profile-repository';
import { createGenerationRunner } from '../jobs/generation-runner';
import type { Logger } from '../logger';
import { createGenerationService } from './generation-service';
import { createMediaService } from './media-service';
import { createMonthService } from './month-service';
import { createPostService } from './post-service';
import { createProfileService } from './profile-service';

interface Options {
  writer: Writer;
  /** Where uploaded media live: DATA_DIR/media. */
  mediaDir: string;
  log: Logger;
  now?: () => Date;
}

/** Wires repositories into services; the one place that knows both. */
export function createServices(database: DatabaseHandle, { writer, log, mediaDir, now }: Options) {
  const profiles = createProfileRepository(database.db);
  const months = createMonthRepository(database.db);
  const posts = createPostRepository(database.db);
  const jobs = createJobRepository(database.db);
  const monthService = createMonthService({ months, posts, profiles, now });
  const runner = createGenerationRunner({ db: database.db, jobs, months, posts, writer, log, now });
  return {
    repositories: { profiles, months, posts, jobs },
    writer,
    runner,
    profile: createProfileService(profiles),
    months: monthService,
    generation: createGenerationService({ monthService, months, profiles, jobs, runner, writer, now }),
    posts: createPostService({ posts, profiles, monthService, writer, now }),
    media: createMediaService({ posts, monthService, mediaDir, now }),
  };
}

export type Services = ReturnType<typeof createServices>;
