import { Alert, Button, Group, List, Modal, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../../../lib/paths';
import { errorMessage } from '../../../lib/api-error';
import { isWrongPassword } from '../api/auth-request';
import { useDeleteAccount } from '../api/delete-account';
import { notify } from '../../../lib/notify';
import { leaveFlash } from '../../../lib/flash';

const CONFIRM_WORD = 'DELETE';

/** Asks for the password and the word DELETE before removing the account and everything in it. */
export function DeleteAccountModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const navigate = useNavigate();
  const remove = useDeleteAccount();
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const ready = password !== '' && confirmation === CONFIRM_WORD;

  const close = () => {
    if (remove.isPending) return;
    setPassword('');
    setConfirmation('');
    setFailure(null);
    onClose();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!ready) return;
    setFailure(null);
    try {
      await remove.mutateAsync(password);
      leaveFlash({ tone: 'success', title: 'Account deleted', message: 'Your account and all its content have been removed.' });
      await navigate(paths.login, { replace: true });
    } catch (error) {
      const message = isWrongPassword(error) ? 'Your password is not correct. Nothing was deleted.' : errorMessage(error);
      setFailure(message);
      notify({ tone: 'error', title: 'Account not deleted', message });
    }
  };

  return (
    <Modal
      opened={opened}
      onClose={close}
      title="Delete your account?"
      centered
      size="md"
      closeButtonProps={{ 'aria-label': 'Close' }}
      styles={{ title: { fontWeight: 650, fontSize: 'var(--mantine-font-size-lg)' } }}
    >
      <form noValidate onSubmit={(event) => void submit(event)}>
        <Stack gap="md">
          <Text size="sm">This permanently removes, for good:</Text>
          <List size="sm" spacing={4}>
            <List.Item>your company profile and login</List.Item>
            <List.Item>all months, posts and their version history</List.Item>
            <List.Item>all uploaded media and the feedback you sent</List.Item>
          </List>
          {failure && (
            <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert" py="xs">
              <Text size="sm" c="red.9">
                {failure}
              </Text>
            </Alert>
          )}
          <PasswordInput
            label="Your password"
            autoComplete="current-password"
            value={password}
            onChange={(event) => setPassword(event.currentTarget.value)}
            data-autofocus
          />
          <TextInput
            label={`Type ${CONFIRM_WORD} to confirm`}
            autoComplete="off"
            spellCheck={false}
            value={confirmation}
            onChange={(event) => setConfirmation(event.currentTarget.value)}
          />
          <Group justify="flex-end" gap="sm" mt="xs">
            <Button variant="default" onClick={close} disabled={remove.isPending}>
              Cancel
            </Button>
            <Button type="submit" color="red.9" disabled={!ready} loading={remove.isPending}>
              Delete account permanently
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
