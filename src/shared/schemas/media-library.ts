import { z } from 'zod';
import { MEDIA_TYPES } from '../domain/options';
import { IMAGE_TEMPLATES } from './images';

/** Where a library file came from: uploaded, made from a template, or made by the image model. */
export const MEDIA_SOURCES = ['upload', 'template', 'ai'] as const;
export type MediaSource = (typeof MEDIA_SOURCES)[number];

export const ALT_TEXT_MAX = 1000;
export const LIBRARY_PAGE = 48;

/** A file in the user's media library. `usedBy`: how many of the user's posts show it. */
export const libraryFileSchema = z.object({
  fileId: z.string(),
  url: z.string(),
  type: z.enum(MEDIA_TYPES),
  mime: z.string(),
  bytes: z.number().int(),
  altText: z.string(),
  source: z.enum(MEDIA_SOURCES),
  template: z.enum(IMAGE_TEMPLATES).nullable(),
  usedBy: z.number().int(),
  createdAt: z.string(),
});
export type LibraryFile = z.infer<typeof libraryFileSchema>;

/** GET /api/library?q=&type=&before=: newest first, LIBRARY_PAGE at a time; `q` searches alt text. */
export const libraryQuerySchema = z.object({
  q: z.string().trim().max(200).optional(),
  type: z.enum(MEDIA_TYPES).optional(),
  /** The `createdAt` of the last file of the previous page. */
  before: z.iso.datetime().optional(),
});
export const libraryPageSchema = z.object({ files: z.array(libraryFileSchema), more: z.boolean() });
export type LibraryPage = z.infer<typeof libraryPageSchema>;

/** PATCH /api/library/:fileId */
export const altTextSchema = z.object({ altText: z.string().trim().max(ALT_TEXT_MAX, `Keep the description under ${ALT_TEXT_MAX} characters.`) }).strict();

/** DELETE /api/library/:fileId?confirm=true: without `confirm`, a file still in use is refused (409 media_in_use, details.usedBy). */
export const deleteLibraryFileQuerySchema = z.object({ confirm: z.enum(['true']).optional() });

/** POST /api/posts/:postId/library: puts a library file on a post (another post may show it too). */
export const attachLibraryFileSchema = z.object({ fileId: z.string().max(64), version: z.number().int().positive() }).strict();
