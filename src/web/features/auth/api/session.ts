import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Credentials } from '../../../../shared/schemas/auth';
import { readJson, request } from '../../../lib/api-error';
import { meQueryKey } from './me';

/** better-auth's e-mail endpoints under /api/auth; JSON in, session cookie out. */
async function postAuth(path: string, body: unknown): Promise<unknown> {
  return readJson(
    await request(`/api/auth/${path}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body ?? {}),
    }),
  );
}

export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (credentials: Credentials) => postAuth('sign-in/email', { ...credentials, rememberMe: true }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: meQueryKey }),
  });
}

export function useSignUp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (credentials: Credentials) => postAuth('sign-up/email', { ...credentials, name: '' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: meQueryKey }),
  });
}

export function useSignOut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => postAuth('sign-out', {}),
    // Whatever the server said, this tab forgets everything it knew about the user.
    onSettled: () => {
      queryClient.clear();
      queryClient.setQueryData(meQueryKey, null);
    },
  });
}
