import { DEFAULT_LIMITS, type Limits } from '../../config';
import type { Db } from './database';
import { createDeletedPostRepository } from '../../modules/posts/deleted-post-repository';
import { createConnectionRepository } from '../../modules/publishing/connection-repository';
import { createDeliveryRepository, type AnnounceDue } from '../../modules/publishing/delivery-repository';
import { createJobRepository } from '../../modules/generation/job-repository';
import { createMonthRepository } from '../../modules/months/month-repository';
import { createPostRepository } from '../../modules/posts/post-repository';
import { createProfileRepository } from '../../modules/profile/profile-repository';
import { createReviewLinkRepository } from '../../modules/review/review-link-repository';
import { createUsageRepository } from '../../modules/account/usage-repository';
import type { RaiseNotification } from '../../modules/notifications/notification-repository';

/**
 * Every repository, over the database or over one transaction; `announce` tells the workers of
 * deliveries scheduled, `raise` records what users are told of (notifications).
 */
export function createRepositories(db: Db, limits: Limits = DEFAULT_LIMITS, announce?: AnnounceDue, raise?: RaiseNotification) {
  return {
    profiles: createProfileRepository(db),
    months: createMonthRepository(db),
    posts: createPostRepository(db, limits),
    jobs: createJobRepository(db, raise),
    usage: createUsageRepository(db),
    deletedPosts: createDeletedPostRepository(db),
    connections: createConnectionRepository(db, raise),
    deliveries: createDeliveryRepository(db, announce, raise),
    reviews: createReviewLinkRepository(db, raise),
  };
}

export type Repositories = ReturnType<typeof createRepositories>;

/**
 * Runs `work` in one transaction with repositories bound to it; a throw rolls everything back. Inside,
 * use only the repositories given: on SQLite a query through the outer handle would wait for the
 * transaction's own connection forever.
 */
export type Transact = <T>(work: (repositories: Repositories) => Promise<T>) => Promise<T>;

export function createTransact(db: Db, limits: Limits = DEFAULT_LIMITS, announce?: AnnounceDue, raise?: RaiseNotification): Transact {
  return (work) => db.transaction().execute((trx) => work(createRepositories(trx, limits, announce, raise)));
}
