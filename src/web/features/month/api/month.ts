import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MonthDetail } from '../../../../shared/schemas/month';
import { api } from '../../../lib/api-client';
import { readJson } from '../../../lib/api-error';

export const monthQueryKey = (id: string) => ['month', id] as const;

export const monthQueryOptions = (id: string) =>
  queryOptions({
    queryKey: monthQueryKey(id),
    queryFn: async () => readJson<MonthDetail>(await api.months[':id'].$get({ param: { id } })),
  });

export function useMonth(id: string) {
  return useQuery(monthQueryOptions(id));
}
