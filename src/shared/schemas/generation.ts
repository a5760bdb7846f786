import { z } from 'zod';
import { writtenPostSchema } from './post';
import { strategySchema } from './strategy';

export const JOB_STATUSES = ['running', 'succeeded', 'failed'] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];

/** Starting a generation: the strategy (saved with the month) and whether existing posts may be replaced. */
export const startGenerationSchema = z.object({
  strategy: strategySchema,
  replaceExisting: z.boolean().default(false),
  /** Make an image for each image and carousel post once the month is written (issue 30). */
  makeImages: z.boolean().default(false),
});
export type StartGeneration = z.infer<typeof startGenerationSchema>;

/** A generation job's state without its posts: what a client needs to show progress and tell the outcome. */
const generationJobStateSchema = z.object({
  id: z.string(),
  monthId: z.string(),
  status: z.enum(JOB_STATUSES),
  planned: z.number().int(),
  written: z.number().int(),
  /** Posts a replacing job left in place because the user added or changed them while it ran. */
  kept: z.number().int(),
  error: z.string().nullable(),
  problems: z.array(z.string()),
  /** One sentence per post the server shortened to fit its platform (the model's text stayed too long). */
  shortened: z.array(z.string()),
  /** Planned posts that could not be written (described in `problems`); POST …/retry writes just those. */
  unwritten: z.number().int(),
  writer: z.string(),
  /** The job makes images for its visual posts after writing them (GET /api/months/:monthId/images follows them). */
  makeImages: z.boolean(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type GenerationJobState = z.infer<typeof generationJobStateSchema>;

/** A generation job with `posts`, the ones written so far (a preview, not yet saved; none once it ended). */
export const generationJobSchema = generationJobStateSchema.extend({
  posts: z.array(writtenPostSchema),
});
export type GenerationJob = z.infer<typeof generationJobSchema>;

/** The text so far of the first post while the model writes it, with the day and network it is for. */
export const generationDraftSchema = z.object({
  date: z.string(),
  platform: writtenPostSchema.shape.platform,
  content: z.string(),
});
export type GenerationDraft = z.infer<typeof generationDraftSchema>;

/**
 * One progress event (and GET …/progress): the job's state with `latest`, the last post of the month
 * written so far (null before the first), never the staged posts themselves: the overlay shows one.
 * Before the first post is complete, `draft` is its text as far as the model has written it (null
 * once a post is written, when the job ended, and until the writer's first words arrive).
 */
export const generationProgressSchema = generationJobStateSchema.extend({
  latest: writtenPostSchema.nullable(),
  draft: generationDraftSchema.nullable(),
});
export type GenerationProgress = z.infer<typeof generationProgressSchema>;

export const jobIdParamSchema = z.object({ jobId: z.uuid('Job ids are UUIDs.') });

/** GET /api/holidays/countries answers { countries }: every country the holiday data knows, by English name. */
export const holidayCountrySchema = z.object({ code: z.string(), name: z.string() });
export type HolidayCountry = z.infer<typeof holidayCountrySchema>;

export const holidayQuerySchema = z.object({
  country: z.string().regex(/^[A-Z]{2}$/, 'Country must be a two-letter code such as US.'),
  year: z.coerce.number().int().min(2000).max(2200),
  month: z.coerce.number().int().min(1).max(12),
});
