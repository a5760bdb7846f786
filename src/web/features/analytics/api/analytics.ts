import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Analytics } from '../../../../shared/schemas/analytics';
import { api } from '../../../lib/api-client';
import { readJson } from '../../../lib/api-error';

/**
 * Under the workspace key, so anything that changes months refreshes it too; always re-read on
 * visit, since posts change in many places (editor, calendar, generation).
 */
export const analyticsQueryOptions = queryOptions({
  queryKey: ['workspace', 'analytics'],
  queryFn: async () => readJson<Analytics>(await api.analytics.$get()),
  staleTime: 0,
});

export function useAnalytics() {
  return useQuery(analyticsQueryOptions);
}
