import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, parseResponse } from '../api-client';

/**
 * The user's months. Its key is the parent of every query that counts posts or months (the dashboard's
 * overview, analytics), so a write that changes months invalidates `workspaceQueryOptions.queryKey` once.
 */
export const workspaceQueryOptions = queryOptions({
  queryKey: ['workspace'],
  queryFn: () => parseResponse(api.workspace.$get()),
});

export function useWorkspace() {
  return useQuery(workspaceQueryOptions);
}
