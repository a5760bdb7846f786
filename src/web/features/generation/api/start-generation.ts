import { useMutation } from '@tanstack/react-query';
import type { GenerationJob } from '../../../../shared/schemas/generation';
import type { Strategy } from '../../../../shared/schemas/strategy';
import { api } from '../../../lib/api-client';
import { readJson } from '../../../lib/api-error';

export interface StartGenerationInput {
  monthId: string;
  strategy: Strategy;
  /** Needed when the month already has posts: the server answers 409 'conflict' without it. */
  replaceExisting: boolean;
}

/** POST /api/months/:id/generation -> 202 { job }: saves the strategy and starts a job. */
export async function startGeneration({ monthId, strategy, replaceExisting }: StartGenerationInput): Promise<GenerationJob> {
  const response = await api.months[':id'].generation.$post({ param: { id: monthId }, json: { strategy, replaceExisting } });
  return (await readJson<{ job: GenerationJob }>(response)).job;
}

export function useStartGeneration() {
  return useMutation({ mutationFn: startGeneration });
}
