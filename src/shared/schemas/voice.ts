import { z } from 'zod';
import { PLATFORMS } from '@shared/networks';
import { ACCOUNT_POST_SOURCES } from './publishing';

/** Examples of the brand's voice kept per user: past posts the writer imitates (issue 31). */
export const VOICE_EXAMPLES_MAX = 50;
/** One example's most characters: longer posts are cut at this length when read from an account. */
export const VOICE_EXAMPLE_MAX_LENGTH = 3000;
/** The most examples one paste adds. */
export const VOICE_PASTE_MAX = VOICE_EXAMPLES_MAX;
/** A CSV file's most characters (its text, sent as JSON). */
export const VOICE_CSV_MAX = 200_000;

export const VOICE_SOURCES = ['pasted', 'csv', ...ACCOUNT_POST_SOURCES] as const;
export type VoiceSource = (typeof VOICE_SOURCES)[number];

const platformSchema = z.enum(PLATFORMS);

const exampleText = z
  .string()
  .trim()
  .min(1, 'An example cannot be empty.')
  .max(VOICE_EXAMPLE_MAX_LENGTH, `Keep each example under ${VOICE_EXAMPLE_MAX_LENGTH} characters.`);

/** Pasted posts: one or several texts, with the network they were written for when known. */
export const voicePasteSchema = z.object({
  texts: z.array(exampleText).min(1, 'Paste at least one post.').max(VOICE_PASTE_MAX, `Paste at most ${VOICE_PASTE_MAX} posts at once.`),
  network: platformSchema.nullable().default(null),
});
export type VoicePaste = z.infer<typeof voicePasteSchema>;

/** A CSV file's text; `column` names the column of post texts (default: 'text', 'content', 'post' or the first column). */
export const voiceCsvSchema = z.object({
  csv: z
    .string()
    .min(1, 'The file is empty.')
    .max(VOICE_CSV_MAX, `The file is too large: keep it under ${VOICE_CSV_MAX / 1000} KB.`),
  column: z.string().trim().max(100).optional(),
  network: platformSchema.nullable().default(null),
});
export type VoiceCsv = z.infer<typeof voiceCsvSchema>;

export const voiceReadSchema = z.object({ connectionId: z.string().min(1).max(64) });
export const voiceExampleIdParamSchema = z.object({ exampleId: z.string().min(1).max(64) });

export interface VoiceExample {
  id: string;
  text: string;
  network: (typeof PLATFORMS)[number] | null;
  source: VoiceSource;
  publishedAt: string | null;
  createdAt: string;
}

export interface VoiceExamples {
  examples: VoiceExample[];
  max: number;
  /** The ids the writer puts into a month prompt now (same network first, then words shared with the themes). */
  usedInPrompts: string[];
}

/** What an add did: how many were new, how many were already kept, how many of the oldest made room (newest 50 kept). */
export interface VoiceAddResult extends VoiceExamples {
  added: number;
  duplicates: number;
  dropped: number;
}
