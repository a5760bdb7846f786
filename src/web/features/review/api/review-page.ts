import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ReviewPage } from '@shared/schemas/review';
import { api, parseResponse } from '../../../lib/api-client';

/** GET /api/review/:token: the shared month (or days) as the reviewer sees it; the answers of this page's actions replace it. */
export const reviewPageQueryOptions = (token: string) =>
  queryOptions({
    queryKey: ['review', token],
    queryFn: async (): Promise<ReviewPage> => parseResponse(api.review[':token'].$get({ param: { token } })),
    // The planner may change a post while the page is open: look again when the reviewer comes back to it.
    refetchOnWindowFocus: true,
  });

export function useReviewPage(token: string) {
  return useQuery(reviewPageQueryOptions(token));
}
