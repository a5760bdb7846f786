import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DeleteAccount } from '../../../../shared/schemas/auth';
import { meQueryKey } from '../../auth/api/me';
import { postAuth } from './auth-request';

/** Deletes the account and all its data; afterwards this tab forgets everything it knew. */
export function useDeleteAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (password: string) => postAuth('delete-user', { password } satisfies DeleteAccount),
    onSuccess: () => {
      queryClient.clear();
      queryClient.setQueryData(meQueryKey, null);
    },
  });
}
