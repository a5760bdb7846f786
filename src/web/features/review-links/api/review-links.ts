import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, parseResponse } from '../../../lib/api-client';

/** GET /api/months/:id/review-links -> the month's review links, newest first (never their tokens). */
export const reviewLinksQueryOptions = (monthId: string) =>
  queryOptions({
    queryKey: ['review-links', monthId],
    queryFn: () => parseResponse(api.months[':id']['review-links'].$get({ param: { id: monthId } })),
  });

export function useReviewLinks(monthId: string) {
  return useQuery(reviewLinksQueryOptions(monthId));
}
