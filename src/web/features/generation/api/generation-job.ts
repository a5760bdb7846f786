import { generationProgressSchema, type GenerationJob, type GenerationProgress } from '@shared/schemas/generation';
import { api, parseResponse } from '../../../lib/api-client';

/** GET /api/generation-jobs/:jobId/progress -> { progress }: one poll of a job's counts and latest post. */
export async function fetchGenerationProgress(jobId: string) {
  return (await parseResponse(api['generation-jobs'][':jobId'].progress.$get({ param: { jobId } }))).progress;
}

/** GET /api/generation-jobs/:jobId/events: Server-Sent Events named 'progress', each carrying the job's progress. */
export function generationEventsUrl(jobId: string): string {
  return `/api/generation-jobs/${encodeURIComponent(jobId)}/events`;
}

/** An event's data, checked against the shared schema; null when it is not a job's progress. */
export function parseProgressEvent(data: unknown): GenerationProgress | null {
  if (typeof data !== 'string') return null;
  try {
    const parsed = generationProgressSchema.safeParse(JSON.parse(data));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** A job read in full (just started, or re-attached to) as progress: its last staged post is the latest; its draft comes with the next event. */
export function progressOfJob({ posts, ...state }: GenerationJob): GenerationProgress {
  return { ...state, latest: posts.at(-1) ?? null, draft: null };
}
