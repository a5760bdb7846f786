import { z } from 'zod';
import { PLATFORMS, POST_TYPES } from '../domain/options';

/**
 * CSV import into a month (docs/import.md). The file travels as text in a JSON body: it is small
 * (bounded below), parsed in one go on the server, and the preview and the import send the same body.
 */
export const IMPORT_LIMITS = { bytes: 1_000_000, rows: 500 } as const;

/** Where a file comes from: our own export, another planner's bulk format, or columns the user picks. */
export const IMPORT_PRESETS = ['ours', 'buffer', 'hootsuite', 'publer', 'later', 'custom'] as const;
export type ImportPreset = (typeof IMPORT_PRESETS)[number];

export const IMPORT_PRESET_LABELS: Record<ImportPreset, string> = {
  ours: 'This planner (export)',
  buffer: 'Buffer',
  hootsuite: 'Hootsuite bulk composer',
  publer: 'Publer',
  later: 'Later',
  custom: 'My own columns',
};

/** For the custom preset: the header of each column that holds one of our fields (date and text required). */
export const columnMappingSchema = z
  .object({
    date: z.string().trim().min(1, 'Pick the column with the dates.').max(200),
    text: z.string().trim().min(1, 'Pick the column with the post text.').max(200),
    network: z.string().trim().max(200).optional(),
    hashtags: z.string().trim().max(200).optional(),
    type: z.string().trim().max(200).optional(),
    mediaDescription: z.string().trim().max(200).optional(),
  })
  .strict();
export type ColumnMapping = z.infer<typeof columnMappingSchema>;

export const importRequestSchema = z
  .object({
    csv: z
      .string()
      .min(1, 'The file is empty.')
      .max(IMPORT_LIMITS.bytes, `The file is too large: keep it under ${IMPORT_LIMITS.bytes / 1_000_000} MB.`),
    /** Left out, the preset is read from the header row. */
    preset: z.enum(IMPORT_PRESETS).optional(),
    mapping: columnMappingSchema.optional(),
    /** The network of rows whose file names none (Hootsuite, Publer and Later files are per account). */
    platform: z.enum(PLATFORMS).optional(),
    /** Rows that repeat a post of the month (same day, network and text): skipped, or the import refused. */
    skipDuplicates: z.boolean().default(false),
  })
  .strict()
  .refine((body) => body.preset !== 'custom' || body.mapping, { path: ['mapping'], message: 'Pick the columns for your own format.' });
export type ImportRequest = z.input<typeof importRequestSchema>;

/** One row of the file as the post it makes; `post` is null when a problem keeps it from being one. */
export const importRowSchema = z.object({
  row: z.number().int(),
  post: z
    .object({
      date: z.string(),
      platform: z.enum(PLATFORMS),
      type: z.enum(POST_TYPES),
      content: z.string(),
      hashtags: z.array(z.string()),
      mediaPrompt: z.string(),
    })
    .nullable(),
  problems: z.array(z.string()),
  duplicate: z.boolean(),
  /** What was in the file but is not imported (a media link, a time of day), in words. */
  notes: z.array(z.string()),
});
export type ImportRow = z.infer<typeof importRowSchema>;

export const importPreviewSchema = z.object({
  preset: z.enum(IMPORT_PRESETS),
  headers: z.array(z.string()),
  rows: z.array(importRowSchema),
});
export type ImportPreview = z.infer<typeof importPreviewSchema>;

export const importResultSchema = z.object({ imported: z.number().int(), skipped: z.number().int() });
export type ImportResult = z.infer<typeof importResultSchema>;
