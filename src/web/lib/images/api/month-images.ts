import { useQuery } from '@tanstack/react-query';
import { api, parseResponse } from '../../api-client';
import { batchActive } from '../image-words';

export const MONTH_IMAGES_POLL_MS = 2000;

/** GET /api/months/:monthId/images -> the image batch of the month's last generation, asked again while any image is being made. */
export function useMonthImages(monthId: string, enabled: boolean) {
  return useQuery({
    queryKey: ['month-images', monthId],
    queryFn: async () => (await parseResponse(api.months[':id'].images.$get({ param: { id: monthId } }))).imageBatch,
    enabled,
    refetchInterval: (query) => (query.state.data && !batchActive(query.state.data) ? false : MONTH_IMAGES_POLL_MS),
  });
}
