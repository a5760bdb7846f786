import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { reviewLinkCreateSchema } from '@shared/schemas/review';
import { api, parseResponse } from '../../../lib/api-client';
import { refreshMonth } from '../../../lib/posts/cache';
import { reviewLinksQueryOptions } from './review-links';

/** The form's values; the server fills in the default expiry. */
export type ReviewLinkInput = z.input<typeof reviewLinkCreateSchema>;

/**
 * POST /api/months/:id/review-links -> 201 { link, url }: the address is in this answer only. The list
 * is read again, and the month too: once shared, its screens show each post's approval.
 */
export function useCreateReviewLink(monthId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ReviewLinkInput) => parseResponse(api.months[':id']['review-links'].$post({ param: { id: monthId }, json: input })),
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: reviewLinksQueryOptions(monthId).queryKey }), refreshMonth(queryClient, monthId)]),
  });
}
