import type { Post } from '../../shared/schemas/post';
import type { Schedule } from '../../shared/schemas/schedule';
import type { PostRepository } from '../db/post-repository';
import type { MonthService } from './month-service';
import { writablePost } from './post-access';

interface Deps {
  posts: PostRepository;
  monthService: MonthService;
  now?: () => Date;
}

/**
 * Scheduling inside the app: a post gets a network and a time of day and counts as scheduled.
 * Publishing to the networks needs each platform's app credentials and is out of reach; exports
 * (CSV, iCalendar) carry the plan into the tools that do publish.
 */
export function createScheduleService({ posts, monthService, now = () => new Date() }: Deps) {
  const writable = (userId: string, postId: string) => writablePost(posts, monthService, userId, postId);

  return {
    async schedule(userId: string, postId: string, schedule: Schedule): Promise<Post> {
      await writable(userId, postId);
      await posts.setSchedule(userId, postId, schedule, now().toISOString());
      return (await posts.find(userId, postId))!;
    },

    async unschedule(userId: string, postId: string): Promise<Post> {
      await writable(userId, postId);
      await posts.setSchedule(userId, postId, null, now().toISOString());
      return (await posts.find(userId, postId))!;
    },
  };
}

export type ScheduleService = ReturnType<typeof createScheduleService>;
