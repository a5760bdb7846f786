import { useMutation } from '@tanstack/react-query';
import { api, parseResponse } from '../api-client';

/**
 * POST /api/media, multipart with one file in the field "file" -> 201 { type, url }: a file kept on its
 * own (the brand logo), which the profile then refers to by its url.
 */
export function useUploadFile() {
  return useMutation({
    mutationFn: (file: File) => {
      const body = new FormData();
      body.append('file', file);
      return parseResponse(api.media.$post({}, { init: { body } }));
    },
  });
}
