import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type { startGenerationSchema } from '@shared/schemas/generation';
import { api, parseResponse } from '../../../lib/api-client';

/** The request as a client writes it: `replaceExisting` and `makeImages` default to false. */
interface StartGenerationInput extends z.input<typeof startGenerationSchema> {
  monthId: string;
}

/**
 * POST /api/months/:id/generation -> 202 { job }: saves the strategy and starts a job. `replaceExisting`
 * is needed when the month already has posts: the server answers 409 `month_has_posts` without it.
 */
export function useStartGeneration() {
  return useMutation({
    mutationFn: async ({ monthId, strategy, replaceExisting, makeImages }: StartGenerationInput) =>
      (await parseResponse(api.months[':id'].generation.$post({ param: { id: monthId }, json: { strategy, replaceExisting, makeImages } }))).job,
  });
}
