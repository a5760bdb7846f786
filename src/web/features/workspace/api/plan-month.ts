import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, parseResponse } from '../../../lib/api-client';
import { workspaceQueryOptions } from '../../../lib/queries/workspace';

/** POST /api/workspace/months {id} -> 201 with the month ('Plan a later month', up to 12 ahead). */
export function usePlanMonth() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => parseResponse(api.workspace.months.$post({ json: { id } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: workspaceQueryOptions.queryKey }),
  });
}
