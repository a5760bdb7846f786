import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { readJson } from '../../../lib/api-error';

/** Which writer the server uses; never its key or address. */
export interface AiSettings {
  kind: 'offline' | 'ai';
  label: string;
  provider: string | null;
  model: string | null;
}

export const aiSettingsQueryOptions = queryOptions({
  queryKey: ['settings', 'ai'],
  queryFn: async () => readJson<AiSettings>(await api.settings.ai.$get()),
});

export function useAiSettings() {
  return useQuery(aiSettingsQueryOptions);
}
