import type { BulkAction } from '@shared/schemas/post-actions';
import { api, parseResponse } from '../../api-client';

/** POST /api/months/:id/posts/bulk -> each selected post's own outcome. */
export function bulkAction(monthId: string, action: BulkAction) {
  return parseResponse(api.months[':id'].posts.bulk.$post({ param: { id: monthId }, json: action }));
}
