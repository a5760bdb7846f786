import type { LibraryFile } from '@shared/schemas/media-library';
import { ApiRequestError, errorMessage } from '../api-error';

/** "Used on 1 post", "Used on 3 posts", "Not on any post". */
export function usedByLabel(usedBy: number): string {
  if (usedBy <= 0) return 'Not on any post';
  return `Used on ${usedBy} ${usedBy === 1 ? 'post' : 'posts'}`;
}

/** The badge of a made image; an upload has none. */
export function sourceLabel(file: Pick<LibraryFile, 'source'>): string | null {
  if (file.source === 'template') return 'Template';
  if (file.source === 'ai') return 'AI';
  return null;
}

/** The day a file was added, e.g. "Nov 27, 2026", in the browser's time zone. */
export const addedOn = (createdAt: string) => new Date(createdAt).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' });

/**
 * A short name for a file in buttons and dialogs ("Edit the description of …"): its description cut at
 * a word near 60 characters, or its kind and day when it has none.
 */
export function fileName(file: Pick<LibraryFile, 'altText' | 'type' | 'createdAt'>): string {
  const text = file.altText.trim().replace(/\s+/g, ' ');
  if (!text) return `${file.type === 'video' ? 'Video' : 'Image'} added ${addedOn(file.createdAt)}`;
  if (text.length <= 60) return text;
  const cut = text.slice(0, 60);
  // Cut before the word the limit splits (the limit may fall just after a whole word).
  const space = text.charAt(60) === ' ' ? 60 : cut.lastIndexOf(' ');
  let kept = space > 30 ? cut.slice(0, space) : cut;
  while (/[\s,.;:]/.test(kept.at(-1) ?? '')) kept = kept.slice(0, -1);
  return `${kept}…`;
}

/** The question asked before deleting a file that posts still show. */
export function inUseQuestion(usedBy: number): string {
  return `This file is on ${usedBy} ${usedBy === 1 ? 'post' : 'posts'}. Delete it and remove it from ${usedBy === 1 ? 'that post' : 'those posts'}?`;
}

/** How many posts a 409 media_in_use says still show the file, or null for any other error. */
export function inUseCount(error: unknown): number | null {
  if (!(error instanceof ApiRequestError) || error.code !== 'media_in_use') return null;
  const usedBy = Number(error.details?.usedBy);
  return Number.isFinite(usedBy) && usedBy > 0 ? usedBy : 1;
}

/** A failed delete in plain words (media_in_use is asked about instead). */
export function deleteFailure(error: unknown): string {
  if (error instanceof ApiRequestError) {
    switch (error.code) {
      case 'archived':
        return 'A post of an archived month shows this file, and archived months cannot be changed. The file stays in your library.';
      case 'not_found':
        return 'This file is no longer in your library. The list has been refreshed.';
      default:
    }
  }
  return errorMessage(error);
}

/** A failed description save in plain words. */
export function altTextFailure(error: unknown): string {
  if (error instanceof ApiRequestError) {
    if (error.code === 'not_found') return 'This file is no longer in your library. The list has been refreshed.';
    const field = error.fields?.altText;
    if (field) return field;
  }
  return errorMessage(error);
}

/** A failed "Add to post" in plain words, saying what to do next. */
export function attachFailure(error: unknown): string {
  if (error instanceof ApiRequestError) {
    switch (error.code) {
      case 'stale_version':
        return 'This post was changed in another tab or window. It now shows the latest version: choose the file again to add it.';
      case 'archived':
        return 'This post is in an archived month, which cannot be changed.';
      case 'not_found':
        return 'This file is no longer in your library. Choose another one.';
      default:
    }
  }
  // The server's own words for a full post or a file the network does not take.
  return errorMessage(error);
}
