import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { MediaType } from '@shared/domain/options';
import type { LibraryFile } from '@shared/schemas/media-library';
import { api, parseResponse } from '../api-client';
import { allMonthsChanged } from '../posts/cache';

export interface LibraryFilter {
  /** Words of the description; blank shows everything. */
  q: string;
  type: MediaType | null;
}

const LIBRARY_KEY = ['library'] as const;

/** GET /api/library?q=&type=&before=: newest first, one page at a time; the next page starts before the last file shown. */
export const libraryQueryOptions = ({ q, type }: LibraryFilter) =>
  infiniteQueryOptions({
    queryKey: [...LIBRARY_KEY, { q: q.trim(), type }],
    queryFn: ({ pageParam }) =>
      parseResponse(
        api.library.$get({
          query: { ...(q.trim() ? { q: q.trim() } : {}), ...(type ? { type } : {}), ...(pageParam ? { before: pageParam } : {}) },
        }),
      ),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => (page.more ? page.files.at(-1)?.createdAt : undefined),
    // Uploads, attachments and removals in the editor change the library: a visit reads it again.
    staleTime: 0,
  });

export function useLibrary(filter: LibraryFilter, { enabled = true }: { enabled?: boolean } = {}) {
  // The files shown stay while another search loads, rather than blinking to skeletons at each word.
  return useInfiniteQuery({ ...libraryQueryOptions(filter), enabled, placeholderData: keepPreviousData });
}

/** Every library list read again (after a post gains or loses a file, or a file changes). */
export const libraryChanged = (queryClient: QueryClient) => queryClient.invalidateQueries({ queryKey: LIBRARY_KEY });

/** PATCH /api/library/:fileId {altText} -> {file}. */
export function useUpdateAltText() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ fileId, altText }: { fileId: string; altText: string }) =>
      parseResponse(api.library[':fileId'].$patch({ param: { fileId }, json: { altText } })).then((answer) => answer.file),
    onSuccess: () => libraryChanged(queryClient),
  });
}

/**
 * DELETE /api/library/:fileId[?confirm=true] -> 204. Without `confirm` a file still on posts is refused
 * (409 media_in_use, details.usedBy); with it, the file leaves those posts too, so the months are read again.
 */
export function useDeleteLibraryFile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ file, confirm }: { file: LibraryFile; confirm: boolean }) => {
      const answer = await api.library[':fileId'].$delete({ param: { fileId: file.fileId }, query: confirm ? { confirm: 'true' } : {} });
      if (!answer.ok) await parseResponse(answer);
    },
    // Read again whatever the answer: a refusal may mean the list is out of date (a file already gone).
    onSettled: async (_nothing, error, { confirm }) => {
      await Promise.all([libraryChanged(queryClient), confirm && !error ? allMonthsChanged(queryClient) : undefined]);
    },
  });
}
