import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MakeImage } from '@shared/schemas/images';
import { api, parseResponse } from '../../api-client';
import { imageCapabilitiesQueryOptions } from './capabilities';

/** POST /api/posts/:postId/images {mode, template?} -> 202 { job }: the image is made on the queue; follow it with useImageJob. */
export function useMakeImage(postId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: MakeImage) => (await parseResponse(api.posts[':postId'].images.$post({ param: { postId }, json: input }))).job,
    // Today's count moved (or the limit was met): the remaining count shown is read again.
    onSettled: () => queryClient.invalidateQueries({ queryKey: imageCapabilitiesQueryOptions.queryKey }),
  });
}
