import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { EvergreenFill } from '@shared/schemas/evergreen';
import { api, parseResponse } from '../../../lib/api-client';
import { postsAdded } from '../../../lib/posts/cache';

/** POST /api/months/:id/evergreen-fill { intervalDays } -> what was placed and why other planned days stay empty; the calendar is read again. */
export function useEvergreenFill(monthId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: EvergreenFill) => parseResponse(api.months[':id']['evergreen-fill'].$post({ param: { id: monthId }, json: input })),
    onSettled: () => postsAdded(queryClient, monthId),
  });
}
