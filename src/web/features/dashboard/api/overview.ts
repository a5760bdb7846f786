import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, parseResponse } from '../../../lib/api-client';
import { workspaceQueryOptions } from '../../../lib/queries/workspace';

/** Under the workspace key, so anything that changes months refreshes the dashboard too. */
export const overviewQueryOptions = queryOptions({
  queryKey: [...workspaceQueryOptions.queryKey, 'overview'],
  queryFn: () => parseResponse(api.workspace.overview.$get()),
});

export function useOverview() {
  return useQuery(overviewQueryOptions);
}
