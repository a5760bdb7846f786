import { Badge, Button, FileButton, Group, Paper, Skeleton, Stack, Text, Textarea } from '@mantine/core';
import { IconCloudDownload, IconFileTypeCsv, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { NETWORKS } from '@shared/networks';
import { isReadableKind, type ReadableKind } from '@shared/schemas/publishing';
import { VOICE_CSV_MAX, type VoiceAddResult, type VoiceExample } from '@shared/schemas/voice';
import { ErrorState } from '../../../components/error-state';
import { StatusBadge } from '../../../components/status-badge';
import { errorMessage } from '../../../lib/api-error';
import { notify } from '../../../lib/notify';
import { useConnections } from '../../../lib/queries/connections';
import { useImportVoiceCsv, usePasteVoice, useReadVoiceAccount, useRemoveAllVoice, useRemoveVoiceExample, useVoiceExamples } from '../api/voice';

const SOURCE_LABELS: Record<VoiceExample['source'], string> = {
  pasted: 'Pasted',
  csv: 'From CSV',
  bluesky: 'From Bluesky',
  mastodon: 'From Mastodon',
  facebook: 'From Facebook',
};

/** Pasted text split into posts: one post per block, blocks separated by a blank line. */
export const splitPosts = (text: string) =>
  text
    .split(/\n\s*\n/)
    .map((post) => post.trim())
    .filter(Boolean);

function added(result: VoiceAddResult) {
  const parts = [`${result.added} added`];
  if (result.duplicates > 0) parts.push(`${result.duplicates} already kept`);
  if (result.dropped > 0) parts.push(`${result.dropped} oldest removed to stay within ${result.max}`);
  notify({ tone: 'success', title: 'Examples saved', message: `${parts.join(', ')}.` });
}

const failed = (title: string) => (error: unknown) => notify({ tone: 'error', title, message: errorMessage(error) });

function ExampleRow({ example, used }: { example: VoiceExample; used: boolean }) {
  const remove = useRemoveVoiceExample();
  return (
    <Paper withBorder p="sm" radius="md" component="li" style={{ listStyle: 'none' }}>
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
        <Stack gap={6} style={{ minWidth: 0, flex: 1 }}>
          <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} lineClamp={4}>
            {example.text}
          </Text>
          <Group gap={6}>
            <Badge variant="light" color="gray" size="sm">
              {example.network ? NETWORKS[example.network].label : 'Any network'}
            </Badge>
            <Badge variant="light" color="gray" size="sm">
              {SOURCE_LABELS[example.source]}
            </Badge>
            {used && <StatusBadge tone="brand">Used in prompts</StatusBadge>}
          </Group>
        </Stack>
        <Button
          variant="subtle"
          color="red"
          size="xs"
          style={{ flexShrink: 0 }}
          leftSection={<IconTrash size={14} aria-hidden="true" />}
          loading={remove.isPending}
          aria-label={`Remove the example "${example.text.slice(0, 40)}"`}
          onClick={() => remove.mutate(example.id, { onError: failed('Could not remove the example') })}
        >
          Remove
        </Button>
      </Group>
    </Paper>
  );
}

/** Settings → "Your voice": past posts the writer imitates, with where each came from and which the prompts use. */
export function VoiceSettings() {
  const voice = useVoiceExamples();
  const connections = useConnections();
  const paste = usePasteVoice();
  const importCsv = useImportVoiceCsv();
  const readAccount = useReadVoiceAccount();
  const removeAll = useRemoveAllVoice();
  const [text, setText] = useState('');

  if (voice.isPending)
    return (
      <Stack gap="sm" aria-busy="true" role="status" aria-label="Loading your examples">
        <Skeleton h={90} />
        <Skeleton h={60} />
      </Stack>
    );
  if (voice.isError) return <ErrorState title="Your examples could not be loaded" message={errorMessage(voice.error)} onRetry={() => void voice.refetch()} />;

  const { examples, max, usedInPrompts } = voice.data;
  const used = new Set(usedInPrompts);
  const posts = splitPosts(text);
  const readable = (connections.data ?? []).filter((connection) => isReadableKind(connection.kind));

  const savePasted = () =>
    paste.mutate(
      { texts: posts.slice(0, max), network: null },
      {
        onSuccess: (result) => {
          setText('');
          added(result);
        },
        onError: failed('Could not save the examples'),
      },
    );

  const uploadCsv = async (file: File | null) => {
    if (!file) return;
    if (file.size > VOICE_CSV_MAX)
      return notify({ tone: 'error', title: 'The file is too large', message: `Use a CSV file under ${VOICE_CSV_MAX / 1000} KB.` });
    importCsv.mutate({ csv: await file.text(), network: null }, { onSuccess: added, onError: failed('Could not import the file') });
  };

  return (
    <Stack gap="md">
      <Textarea
        label="Paste posts you published"
        description="One post per block: leave a blank line between posts."
        autosize
        minRows={4}
        maxRows={12}
        value={text}
        onChange={(event) => setText(event.currentTarget.value)}
      />
      <Group gap="sm">
        <Button onClick={savePasted} disabled={posts.length === 0} loading={paste.isPending}>
          {posts.length > 1 ? `Add ${posts.length} posts` : 'Add post'}
        </Button>
        <FileButton onChange={(file) => void uploadCsv(file)} accept=".csv,text/csv">
          {(props) => (
            <Button {...props} variant="default" leftSection={<IconFileTypeCsv size={16} aria-hidden="true" />} loading={importCsv.isPending}>
              Import from CSV
            </Button>
          )}
        </FileButton>
        {readable.map((connection) => (
          <Button
            key={connection.id}
            variant="default"
            leftSection={<IconCloudDownload size={16} aria-hidden="true" />}
            loading={readAccount.isPending && readAccount.variables === connection.id}
            onClick={() => readAccount.mutate(connection.id, { onSuccess: added, onError: failed(`Could not read ${connection.name}`) })}
          >
            Read from {NETWORKS[connection.kind as ReadableKind].label} ({connection.name})
          </Button>
        ))}
      </Group>
      <Text size="sm" c="dimmed">
        A CSV needs a column named text, content or post (else its first column is used). The newest {max} examples are kept.
      </Text>

      <Group justify="space-between">
        <Text fw={600} aria-live="polite">
          {examples.length} of {max} examples
        </Text>
        {examples.length > 0 && (
          <Button
            variant="subtle"
            color="red"
            size="xs"
            loading={removeAll.isPending}
            onClick={() => removeAll.mutate(undefined, { onError: failed('Could not remove the examples') })}
          >
            Remove all
          </Button>
        )}
      </Group>
      {examples.length === 0 ? (
        <Text size="sm" c="dimmed">
          No examples yet. Paste a few posts you published, import them from a CSV, or read them from a connected Bluesky, Mastodon or Facebook Page account:
          the writer then follows how you write.
        </Text>
      ) : (
        <>
          <Text size="sm" c="dimmed">
            Used as examples in your prompts: {usedInPrompts.length} of them, marked below (those of the month&apos;s networks and themes are chosen first for
            each prompt).
          </Text>
          <Stack component="ul" gap="xs" p={0} m={0} aria-label="Your examples">
            {examples.map((example) => (
              <ExampleRow key={example.id} example={example} used={used.has(example.id)} />
            ))}
          </Stack>
        </>
      )}
    </Stack>
  );
}
