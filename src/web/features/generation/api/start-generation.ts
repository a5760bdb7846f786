import { useMutation } from '@tanstack/react-query';
import type { StartGeneration } from '@shared/schemas/generation';
import { api, parseResponse } from '../../../lib/api-client';

interface StartGenerationInput extends StartGeneration {
  monthId: string;
}

/**
 * POST /api/months/:id/generation -> 202 { job }: saves the strategy and starts a job. `replaceExisting`
 * is needed when the month already has posts: the server answers 409 `month_has_posts` without it.
 */
export function useStartGeneration() {
  return useMutation({
    mutationFn: async ({ monthId, strategy, replaceExisting }: StartGenerationInput) =>
      (await parseResponse(api.months[':id'].generation.$post({ param: { id: monthId }, json: { strategy, replaceExisting } }))).job,
  });
}
