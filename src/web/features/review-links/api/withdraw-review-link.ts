import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, parseResponse } from '../../../lib/api-client';
import { reviewLinksQueryOptions } from './review-links';

/** DELETE /api/review-links/:linkId -> the link, withdrawn at once (asking again answers the same). The list shows it withdrawn. */
export function useWithdrawReviewLink(monthId: string) {
  const queryClient = useQueryClient();
  const key = reviewLinksQueryOptions(monthId).queryKey;
  return useMutation({
    mutationFn: (linkId: string) => parseResponse(api['review-links'][':linkId'].$delete({ param: { linkId } })),
    onSuccess: async (withdrawn) => {
      queryClient.setQueryData(key, (links) => links?.map((link) => (link.id === withdrawn.id ? withdrawn : link)));
      await queryClient.invalidateQueries({ queryKey: key });
    },
  });
}
