import { useMutation } from '@tanstack/react-query';
import { postAuth } from '../../../lib/auth-client';

interface PasswordChange {
  currentPassword: string;
  newPassword: string;
}

/** Changes the password and signs out every other device; this one gets a fresh session cookie. */
export function useChangePassword() {
  return useMutation({
    mutationFn: (input: PasswordChange) => postAuth('change-password', { ...input, revokeOtherSessions: true }),
  });
}
