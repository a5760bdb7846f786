import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MonthSummary } from '../../../../shared/schemas/month';
import type { Post } from '../../../../shared/schemas/post';
import { api } from '../../../lib/api-client';
import { readJson } from '../../../lib/api-error';

export interface Overview {
  today: string;
  upcoming: Post[];
  active: MonthSummary[];
}

/** Under the workspace key, so anything that changes months refreshes the dashboard too. */
export const overviewQueryOptions = queryOptions({
  queryKey: ['workspace', 'overview'],
  queryFn: async () => readJson<Overview>(await api.workspace.overview.$get()),
});

export function useOverview() {
  return useQuery(overviewQueryOptions);
}
