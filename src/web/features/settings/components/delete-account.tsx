import { Button, Group, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconTrash } from '@tabler/icons-react';
import { DeleteAccountModal } from './delete-account-modal';

/** The danger zone: what deleting removes, and the button that asks to confirm it. */
export function DeleteAccount() {
  const [opened, { open, close }] = useDisclosure(false);
  return (
    <>
      <Group justify="space-between" align="center" gap="lg" wrap="wrap">
        <Text size="sm" maw={440}>
          Deleting your account removes all your months, posts, media and feedback permanently. It cannot be undone.
        </Text>
        <Button color="red.9" variant="outline" leftSection={<IconTrash size={18} aria-hidden="true" />} onClick={open}>
          Delete account
        </Button>
      </Group>
      <DeleteAccountModal opened={opened} onClose={close} />
    </>
  );
}
