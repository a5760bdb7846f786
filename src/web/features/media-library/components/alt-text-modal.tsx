import { Alert, Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { ALT_TEXT_MAX, type LibraryFile } from '@shared/schemas/media-library';
import { useUpdateAltText } from '../../../lib/library/library-api';
import { altTextFailure } from '../../../lib/library/library-words';
import { notify } from '../../../lib/notify';
import { LibraryThumb } from '../../../components/library-thumb';

const number = (value: number) => value.toLocaleString('en-US');
export const ALT_TEXT_HELP = 'Describes the image for people using screen readers; sent with the post to Bluesky, Mastodon, Instagram and webhooks.';

/** Edits a file's description (its alt text): a counter against ALT_TEXT_MAX, Save, problems in words. */
export function AltTextModal({ file, onClose }: { file: LibraryFile | null; onClose: () => void }) {
  return (
    <Modal opened={file !== null} onClose={onClose} title="Edit description" size="lg" centered closeButtonProps={{ 'aria-label': 'Close' }}>
      {file && <AltTextForm key={file.fileId} file={file} onClose={onClose} />}
    </Modal>
  );
}

function AltTextForm({ file, onClose }: { file: LibraryFile; onClose: () => void }) {
  const update = useUpdateAltText();
  const [value, setValue] = useState(file.altText);
  const [problem, setProblem] = useState<string | null>(null);
  const length = value.trim().length;
  const over = length - ALT_TEXT_MAX;
  const unchanged = value.trim() === file.altText.trim();

  const save = async () => {
    setProblem(null);
    try {
      await update.mutateAsync({ fileId: file.fileId, altText: value.trim() });
      notify({ tone: 'success', title: 'Description saved', message: 'Posts that show this file send the new description from now on.' });
      onClose();
    } catch (error) {
      setProblem(altTextFailure(error));
    }
  };

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <Stack gap="md">
        <Group align="flex-start" wrap="nowrap" gap="md">
          <div style={{ width: 96, flex: '0 0 auto', borderRadius: 'var(--mantine-radius-md)', overflow: 'hidden' }} aria-hidden="true">
            <LibraryThumb file={file} />
          </div>
          <Text size="sm" c="dimmed">
            {ALT_TEXT_HELP}
          </Text>
        </Group>
        <Textarea
          label="Description (alt text)"
          aria-describedby="alt-text-count"
          value={value}
          onChange={(event) => setValue(event.currentTarget.value)}
          autosize
          minRows={3}
          maxRows={10}
          data-autofocus
          placeholder="e.g. A barista pours latte art into a white cup"
        />
        <Text id="alt-text-count" size="sm" c={over > 0 ? 'red.9' : 'dimmed'} fw={over > 0 ? 700 : 400} mt={-8}>
          {number(length)} / {number(ALT_TEXT_MAX)}
          {over > 0 && ` — ${number(over)} ${over === 1 ? 'character' : 'characters'} too long`}
        </Text>
        {problem && (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} aria-hidden="true" />} role="alert">
            {problem}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={update.isPending} disabled={over > 0 || unchanged}>
            Save
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
