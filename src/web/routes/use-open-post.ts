import { useSearchParams } from 'react-router';

/** The open post lives in the URL (?post=), so reload and back keep the editor open on it. */
export function useOpenPost() {
  const [search, setSearch] = useSearchParams();
  return (postId: string | null) => {
    const params = new URLSearchParams(search);
    const wasOpen = params.has('post');
    if (postId) params.set('post', postId);
    else params.delete('post');
    // Moving between posts replaces the history entry; opening and closing add one.
    setSearch(params, { replace: wasOpen && postId !== null });
  };
}
