import { useMutation, useQueryClient } from '@tanstack/react-query';
import { postAuth } from '../../../lib/auth-client';
import { meQueryOptions } from '../../../lib/queries/me';

export function useSignOut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => postAuth('sign-out', {}),
    // Whatever the server said, this tab forgets everything it knew about the user.
    onSettled: () => {
      queryClient.clear();
      queryClient.setQueryData(meQueryOptions.queryKey, null);
    },
  });
}
