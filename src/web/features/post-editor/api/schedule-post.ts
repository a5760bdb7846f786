import type { Post } from '../../../../shared/schemas/post';
import type { Schedule } from '../../../../shared/schemas/schedule';
import { api } from '../../../lib/api-client';
import { readJson } from '../../../lib/api-error';
import { usePostMutation } from './post-cache';

/** Schedules a post (or, with null, puts it back to draft). */
export async function schedulePost(postId: string, schedule: Schedule | null): Promise<Post> {
  const param = { postId };
  return readJson<Post>(schedule ? await api.posts[':postId'].schedule.$put({ param, json: schedule }) : await api.posts[':postId'].schedule.$delete({ param }));
}

export function useSchedulePost(monthId: string) {
  return usePostMutation(monthId, ({ postId, schedule }: { postId: string; schedule: Schedule | null }) => schedulePost(postId, schedule));
}
