import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Credentials } from '@shared/schemas/auth';
import { postAuth } from '../../../lib/auth-client';
import { meQueryOptions } from '../../../lib/queries/me';

export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (credentials: Credentials) => postAuth('sign-in/email', { ...credentials, rememberMe: true }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: meQueryOptions.queryKey }),
  });
}

export function useSignUp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (credentials: Credentials) => postAuth('sign-up/email', { ...credentials, name: '' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: meQueryOptions.queryKey }),
  });
}

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
