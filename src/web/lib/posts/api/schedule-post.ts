import type { Schedule } from '@shared/schemas/schedule';
import { api, parseResponse } from '../../api-client';
import { usePostMutation } from '../cache';

/** Schedules a post (PUT /api/posts/:postId/schedule) or, with null, puts it back to draft (DELETE). */
export function useSchedulePost(monthId: string) {
  return usePostMutation(monthId, ({ postId, schedule }: { postId: string; schedule: Schedule | null }) =>
    schedule
      ? parseResponse(api.posts[':postId'].schedule.$put({ param: { postId }, json: schedule }))
      : parseResponse(api.posts[':postId'].schedule.$delete({ param: { postId } })),
  );
}
