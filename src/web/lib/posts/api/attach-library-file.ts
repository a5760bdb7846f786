import { useQueryClient } from '@tanstack/react-query';
import { api, parseResponse } from '../../api-client';
import { libraryChanged } from '../../library/library-api';
import { usePostMutation } from '../cache';

interface AttachInput {
  postId: string;
  fileId: string;
  /** The version the editor shows; a stale one answers 409 'stale_version'. */
  version: number;
}

/** POST /api/posts/:postId/library {fileId, version} -> {post}: a library file put on the post (other posts keep showing it). */
export function useAttachLibraryFile(monthId: string) {
  const queryClient = useQueryClient();
  const mutation = usePostMutation(monthId, ({ postId, fileId, version }: AttachInput) =>
    parseResponse(api.posts[':postId'].library.$post({ param: { postId }, json: { fileId, version } })).then((answer) => answer.post),
  );
  return {
    ...mutation,
    mutateAsync: async (input: AttachInput) => {
      const post = await mutation.mutateAsync(input);
      // The file's "Used on N posts" has changed.
      void libraryChanged(queryClient);
      return post;
    },
  };
}
