import { z } from 'zod';

/**
 * Images made for a post (issue 30): from one of the server's templates (no AI needed) or by the
 * operator's image model (AI_IMAGE_MODEL), as a job on the queue.
 */
export const IMAGE_TEMPLATES = ['tip', 'quote', 'announcement', 'offer', 'event', 'carousel'] as const;
export type ImageTemplate = (typeof IMAGE_TEMPLATES)[number];

export const IMAGE_TEMPLATE_LABELS: Record<ImageTemplate, string> = {
  tip: 'Tip',
  quote: 'Quote',
  announcement: 'Announcement',
  offer: 'Offer',
  event: 'Event',
  carousel: 'Carousel slides',
};

export const IMAGE_MODES = ['template', 'ai'] as const;
export type ImageMode = (typeof IMAGE_MODES)[number];

export const IMAGE_JOB_STATUSES = ['queued', 'running', 'succeeded', 'failed'] as const;
export type ImageJobStatus = (typeof IMAGE_JOB_STATUSES)[number];

/** POST /api/posts/:postId/images: make an image for the post (202 with the job). */
export const makeImageSchema = z.discriminatedUnion('mode', [
  z.object({ mode: z.literal('template'), template: z.enum(IMAGE_TEMPLATES, 'Choose a template from the list.') }).strict(),
  z.object({ mode: z.literal('ai') }).strict(),
]);
export type MakeImage = z.infer<typeof makeImageSchema>;

/** A made image: its library file and the url posts use. */
export const madeFileSchema = z.object({ fileId: z.string(), url: z.string() });

/** One image being made, or made: `files` once it succeeded (one per carousel slide), `error` in words once it failed. */
export const imageJobSchema = z.object({
  id: z.string(),
  postId: z.string(),
  mode: z.enum(IMAGE_MODES),
  template: z.enum(IMAGE_TEMPLATES).nullable(),
  status: z.enum(IMAGE_JOB_STATUSES),
  files: z.array(madeFileSchema),
  error: z.string().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type ImageJob = z.infer<typeof imageJobSchema>;

export const imageJobIdParamSchema = z.object({ imageJobId: z.uuid('Image job ids are UUIDs.') });

/** POST /api/posts/:postId/images/:imageJobId/keep: adds the made images to the post (and keeps them in the library). Carries the post version the client saw. */
export const keepImageSchema = z.object({ version: z.number().int().positive() }).strict();

/**
 * GET /api/months/:monthId/images: the images a generation asked for its visual posts (its batch),
 * for progress like the posts': how many are planned, made and failed, and each job.
 */
export const imageBatchSchema = z.object({
  batchId: z.string().nullable(),
  planned: z.number().int(),
  made: z.number().int(),
  failed: z.number().int(),
  jobs: z.array(imageJobSchema),
});
export type ImageBatch = z.infer<typeof imageBatchSchema>;

/**
 * GET /api/images/capabilities: whether "Generate image" (the image model) is offered, which model
 * (never its address or key), and how many images a user may make per UTC day and has made today.
 */
export const imageCapabilitiesSchema = z.object({
  ai: z.boolean(),
  provider: z.string().nullable(),
  model: z.string().nullable(),
  perDay: z.number().int(),
  madeToday: z.number().int(),
});
export type ImageCapabilities = z.infer<typeof imageCapabilitiesSchema>;
