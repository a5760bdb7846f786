import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, parseResponse } from '../../api-client';

/** GET /api/images/capabilities -> whether 'Generate image' is offered, and today's count against the daily limit. */
export const imageCapabilitiesQueryOptions = queryOptions({
  queryKey: ['images', 'capabilities'],
  queryFn: () => parseResponse(api.images.capabilities.$get()),
  staleTime: 30_000,
});

export function useImageCapabilities(enabled = true) {
  return useQuery({ ...imageCapabilitiesQueryOptions, enabled });
}
