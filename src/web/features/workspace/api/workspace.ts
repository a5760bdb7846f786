import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Workspace } from '../../../../shared/schemas/month';
import { api } from '../../../lib/api-client';
import { readJson } from '../../../lib/api-error';

export const workspaceQueryKey = ['workspace'] as const;

export const workspaceQueryOptions = queryOptions({
  queryKey: workspaceQueryKey,
  queryFn: async () => readJson<Workspace>(await api.workspace.$get()),
});

export function useWorkspace() {
  return useQuery(workspaceQueryOptions);
}
