import type { Post } from '@shared/schemas/post';
import type { Schedule } from '@shared/schemas/schedule';
import { AppError } from '../errors';
import type { Access } from './access';
import { STALE_MESSAGE } from './post-service';

interface Deps {
  access: Access;
  now?: () => Date;
}

/**
 * Scheduling inside the app: a post gets a network and a time of day and counts as scheduled.
 * Publishing to the networks needs each platform's app credentials and is out of reach; exports
 * (CSV, iCalendar) carry the plan into the tools that do publish.
 */
export function createScheduleService({ access, now = () => new Date() }: Deps) {
  /**
   * Sets or clears the schedule in the transaction that checks the post and its month; given the
   * version the client saw (bulk actions), a stale one is refused.
   */
  const save = (userId: string, postId: string, schedule: Schedule | null, expectedVersion?: number) =>
    access.writeToPost(userId, postId, async ({ posts }, post) => {
      if (expectedVersion !== undefined && post.version !== expectedVersion) throw new AppError('stale_version', STALE_MESSAGE);
      await posts.setSchedule(userId, postId, schedule, now().toISOString());
      return (await posts.find(userId, postId))!;
    });

  return {
    schedule: (userId: string, postId: string, schedule: Schedule, expectedVersion?: number): Promise<Post> => save(userId, postId, schedule, expectedVersion),
    unschedule: (userId: string, postId: string): Promise<Post> => save(userId, postId, null),
  };
}

export type ScheduleService = ReturnType<typeof createScheduleService>;
