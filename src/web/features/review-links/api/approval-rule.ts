import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, parseResponse } from '../../../lib/api-client';
import { deliveriesChanged, refreshMonth } from '../../../lib/posts/cache';

/**
 * PUT /api/months/:id/approval { requireApproval } -> { requireApproval }. The month is read again (its
 * screens show approval while the rule is on), and the deliveries too: turning it off releases held posts.
 */
export function useApprovalRule(monthId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (requireApproval: boolean) => parseResponse(api.months[':id'].approval.$put({ param: { id: monthId }, json: { requireApproval } })),
    onSettled: () => Promise.all([refreshMonth(queryClient, monthId), deliveriesChanged(queryClient)]),
  });
}
