import { generationJobSchema, type GenerationJob } from '@shared/schemas/generation';
import { api, parseResponse } from '../../../lib/api-client';

/** GET /api/generation-jobs/:jobId -> { job }: one poll of a job's progress. */
export async function fetchGenerationJob(jobId: string) {
  return (await parseResponse(api['generation-jobs'][':jobId'].$get({ param: { jobId } }))).job;
}

/** GET /api/generation-jobs/:jobId/events: Server-Sent Events named 'progress', each carrying the job. */
export function generationEventsUrl(jobId: string): string {
  return `/api/generation-jobs/${encodeURIComponent(jobId)}/events`;
}

/** An event's data, checked against the shared schema; null when it is not a job. */
export function parseJobEvent(data: unknown): GenerationJob | null {
  if (typeof data !== 'string') return null;
  try {
    const parsed = generationJobSchema.safeParse(JSON.parse(data));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
