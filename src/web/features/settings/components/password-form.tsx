import { Button, Group, PasswordInput, SimpleGrid, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { PASSWORD_MAX, PASSWORD_MIN } from '@shared/schemas/auth';
import { errorMessage } from '../../../lib/api-error';
import { useMe } from '../../../lib/queries/me';
import { isWrongPassword } from '../api/auth-request';
import { useChangePassword } from '../api/change-password';
import { notify } from '../../../lib/notify';

interface PasswordValues {
  currentPassword: string;
  newPassword: string;
  confirmPassword: string;
}

const WRONG_CURRENT = 'Your current password is not correct.';

function newPasswordError(value: string, values: PasswordValues): string | null {
  if (value.length < PASSWORD_MIN) return `Use at least ${PASSWORD_MIN} characters.`;
  if (value.length > PASSWORD_MAX) return `Use at most ${PASSWORD_MAX} characters.`;
  if (value === values.currentPassword) return 'Choose a password different from your current one.';
  return null;
}

/** Current, new and repeated password; other devices are signed out when it changes. */
export function PasswordForm() {
  const me = useMe();
  const change = useChangePassword();
  const form = useForm<PasswordValues>({
    mode: 'controlled',
    initialValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
    validate: {
      currentPassword: (value) => (value ? null : 'Enter your current password.'),
      newPassword: newPasswordError,
      confirmPassword: (value, values) =>
        value === '' ? 'Repeat your new password.' : value !== values.newPassword ? 'The new passwords do not match.' : null,
    },
  });

  const submit = form.onSubmit(async ({ currentPassword, newPassword }) => {
    try {
      await change.mutateAsync({ currentPassword, newPassword });
      form.reset();
      notify({ tone: 'success', title: 'Password changed', message: 'Use your new password next time you log in. Other devices have been signed out.' });
    } catch (error) {
      const message = isWrongPassword(error) ? WRONG_CURRENT : errorMessage(error);
      if (isWrongPassword(error)) form.setFieldError('currentPassword', WRONG_CURRENT);
      notify({ tone: 'error', title: 'Password not changed', message });
    }
  });

  return (
    <form noValidate onSubmit={submit} aria-label="Change password">
      {/* Lets password managers store the new password under the right account. */}
      <input type="email" name="username" autoComplete="username" value={me.data?.user.email ?? ''} readOnly hidden />
      <Stack gap="lg">
        <PasswordInput label="Current password" autoComplete="current-password" {...form.getInputProps('currentPassword')} />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
          <PasswordInput
            label="New password"
            description={`At least ${PASSWORD_MIN} characters.`}
            autoComplete="new-password"
            maxLength={PASSWORD_MAX}
            {...form.getInputProps('newPassword')}
          />
          <PasswordInput
            label="Confirm new password"
            description="Type the new password again."
            autoComplete="new-password"
            maxLength={PASSWORD_MAX}
            {...form.getInputProps('confirmPassword')}
          />
        </SimpleGrid>
        <Group justify="flex-end">
          <Button type="submit" loading={change.isPending}>
            Change password
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
