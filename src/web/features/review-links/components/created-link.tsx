import { Alert, Button, CopyButton, Group, Stack, Text, TextInput, VisuallyHidden } from '@mantine/core';
import { IconCheck, IconCircleCheck, IconCopy, IconPlus } from '@tabler/icons-react';
import type { CreatedReviewLink } from '@shared/schemas/review';
import { linkDays, localDay } from '../link-words';

/** The new link's address, this once: a read-only field to copy it from, and what it allows. */
export function CreatedLink({ created, onAnother }: { created: CreatedReviewLink; onAnother: () => void }) {
  const { link, url } = created;
  return (
    <Stack gap="sm">
      <Alert
        color="green"
        variant="light"
        icon={<IconCircleCheck size={18} aria-hidden="true" />}
        title="Review link created"
        p="sm"
        // The status badges' green: Mantine's light-alert title is too pale for AA.
        styles={{ title: { color: '#0b6b45' } }}
      >
        <Text size="sm">
          {link.reviewerName ? `For ${link.reviewerName}` : 'For anyone with the link'} · {linkDays(link)}
        </Text>
      </Alert>
      <TextInput
        label="Review link"
        value={url}
        readOnly
        // Selected on focus, so it can be copied by hand where the clipboard is not available.
        onFocus={(event) => event.currentTarget.select()}
        inputContainer={(input) => (
          <Group gap="xs" wrap="nowrap" align="center">
            <div style={{ flex: 1, minWidth: 0 }}>{input}</div>
            <CopyButton value={url}>
              {({ copied, copy }) => (
                <>
                  <Button
                    onClick={copy}
                    leftSection={copied ? <IconCheck size={16} aria-hidden="true" /> : <IconCopy size={16} aria-hidden="true" />}
                    miw={110}
                  >
                    {copied ? 'Copied!' : 'Copy'}
                  </Button>
                  <VisuallyHidden role="status">{copied ? 'Review link copied to the clipboard' : ''}</VisuallyHidden>
                </>
              )}
            </CopyButton>
          </Group>
        )}
      />
      <Text size="sm">
        This address is shown only now, and anyone with the link can review these posts until it expires on {localDay(link.expiresAt, new Date())}.
      </Text>
      <Group>
        <Button variant="subtle" leftSection={<IconPlus size={16} aria-hidden="true" />} onClick={onAnother} px={0}>
          Create another link
        </Button>
      </Group>
    </Stack>
  );
}
