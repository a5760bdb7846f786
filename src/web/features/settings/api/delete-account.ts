import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DeleteAccount } from '@shared/schemas/auth';
import { postAuth } from '../../../lib/auth-client';
import { meQueryOptions } from '../../../lib/queries/me';

/** Deletes the account and all its data; afterwards this tab forgets everything it knew. */
export function useDeleteAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (password: string) => postAuth('delete-user', { password } satisfies DeleteAccount),
    onSuccess: () => {
      queryClient.clear();
      queryClient.setQueryData(meQueryOptions.queryKey, null);
    },
  });
}
