import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, parseResponse } from '../api-client';

/** One month with its posts: the month screen reads it; the editor, add-post, moves and generation write or refresh it. */
export const monthQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['month', id],
    queryFn: () => parseResponse(api.months[':id'].$get({ param: { id } })),
  });

export function useMonth(id: string) {
  return useQuery(monthQueryOptions(id));
}
