import type { Post } from '@shared/schemas/post';
import type { Schedule } from '@shared/schemas/schedule';
import type { Access } from './access';

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
  /** Sets or clears the schedule in the transaction that checks the post and its month. */
  const save = (userId: string, postId: string, schedule: Schedule | null) =>
    access.writeToPost(userId, postId, async ({ posts }) => {
      await posts.setSchedule(userId, postId, schedule, now().toISOString());
      return (await posts.find(userId, postId))!;
    });

  return {
    schedule: (userId: string, postId: string, schedule: Schedule): Promise<Post> => save(userId, postId, schedule),
    unschedule: (userId: string, postId: string): Promise<Post> => save(userId, postId, null),
  };
}

export type ScheduleService = ReturnType<typeof createScheduleService>;
