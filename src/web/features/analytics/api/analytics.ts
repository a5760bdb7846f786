import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, parseResponse } from '../../../lib/api-client';
import { workspaceQueryOptions } from '../../../lib/queries/workspace';

/**
 * Under the workspace key, so anything that changes months refreshes it too; always re-read on
 * visit, since posts change in many places (editor, calendar, generation).
 */
export const analyticsQueryOptions = queryOptions({
  queryKey: [...workspaceQueryOptions.queryKey, 'analytics'],
  queryFn: () => parseResponse(api.analytics.$get()),
  staleTime: 0,
});

export function useAnalytics() {
  return useQuery(analyticsQueryOptions);
}
