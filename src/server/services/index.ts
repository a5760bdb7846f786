import type { DatabaseHandle } from '../db/database';
import { createMonthRepository } from '../db/month-repository';
import { createPostRepository } from '../db/post-repository';
import { createProfileRepository } from '../db/profile-repository';
import { createMonthService } from './month-service';
import { createProfileService } from './profile-service';

/** Wires repositories into services; the one place that knows both. */
export function createServices(database: DatabaseHandle, options: { now?: () => Date } = {}) {
  const profiles = createProfileRepository(database.db);
  const months = createMonthRepository(database.db);
  const posts = createPostRepository(database.db);
  return {
    repositories: { profiles, months, posts },
    profile: createProfileService(profiles),
    months: createMonthService({ months, posts, profiles, now: options.now }),
  };
}

export type Services = ReturnType<typeof createServices>;
