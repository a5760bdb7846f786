import { Button, Collapse, Group, Paper, Skeleton, Stack, Text, Title, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { IconChevronDown, IconHistory } from '@tabler/icons-react';
import { useId, useState } from 'react';
import type { PostVersion } from '@shared/schemas/post';
import { errorMessage } from '../../../lib/api-error';
import { usePostVersions } from '../../../lib/posts/api/post-versions';
import { formatTimestamp, relativeTime } from '../format';
import type { PostEditorState } from '../hooks/use-post-editor';

/** What replaced the kept text: 'Edited', 'Rewritten: "<instruction>"' or 'Restored'. */
export function describeVersion(version: PostVersion): string {
  if (version.replacedBy === 'rewrite') return version.instruction ? `Rewritten: "${version.instruction}"` : 'Rewritten';
  return version.replacedBy === 'restore' ? 'Restored' : 'Edited';
}

function VersionItem({ version, editor, archived }: { version: PostVersion; editor: PostEditorState; archived: boolean }) {
  const labelId = useId();
  return (
    <Paper withBorder p="sm" component="li">
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
        <div>
          <Text size="sm" fw={600} id={labelId}>
            {describeVersion(version)}
          </Text>
          <Text size="xs" c="dimmed">
            <time dateTime={version.createdAt} title={formatTimestamp(version.createdAt)}>
              {relativeTime(version.createdAt)}
            </time>
          </Text>
        </div>
        <Button
          size="xs"
          variant="default"
          aria-describedby={labelId}
          onClick={() => void editor.restore(version.id)}
          disabled={archived || editor.restoringVersionId !== null}
          loading={editor.restoringVersionId === version.id}
        >
          Restore
        </Button>
      </Group>
      <Text size="xs" c="dimmed" mt={8}>
        Text before this change:
      </Text>
      <Text size="sm" lineClamp={4} style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        {version.content}
      </Text>
    </Paper>
  );
}

/** Earlier texts of the post (newest first), each restorable; folded away until asked for. */
export function VersionHistory({ postId, editor, archived }: { postId: string; editor: PostEditorState; archived: boolean }) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const versions = usePostVersions(postId);
  const count = versions.data?.pages[0]?.total;
  const loaded = versions.data?.pages.flatMap((page) => page.versions) ?? [];

  return (
    <Stack component="section" gap="sm" aria-label="Version history">
      <Title order={3} fz="md">
        <UnstyledButton onClick={() => setOpen((value) => !value)} aria-expanded={open} aria-controls={panelId} w="100%">
          <Group justify="space-between" wrap="nowrap">
            <Group gap={8} wrap="nowrap">
              <IconHistory size={18} aria-hidden="true" />
              <span>Version history{count ? ` (${count})` : ''}</span>
            </Group>
            <IconChevronDown size={18} aria-hidden="true" style={{ transform: open ? 'rotate(180deg)' : undefined, transition: 'transform 150ms ease' }} />
          </Group>
        </UnstyledButton>
      </Title>
      <Collapse expanded={open} id={panelId}>
        {versions.isPending ? (
          <Stack gap="xs" role="status">
            <VisuallyHidden>Loading versions</VisuallyHidden>
            <Skeleton height={64} />
            <Skeleton height={64} />
          </Stack>
        ) : versions.isError && loaded.length === 0 ? (
          <Group gap="sm">
            <Text size="sm">Could not load the versions: {errorMessage(versions.error)}</Text>
            <Button size="xs" variant="default" onClick={() => void versions.refetch()}>
              Try again
            </Button>
          </Group>
        ) : loaded.length === 0 ? (
          <Text size="sm" c="dimmed">
            No earlier versions yet. When you edit, rewrite or restore this post, the text it replaced is kept here.
          </Text>
        ) : (
          <Stack gap="xs">
            <Stack component="ol" gap="xs" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
              {loaded.map((version) => (
                <VersionItem key={version.id} version={version} editor={editor} archived={archived} />
              ))}
            </Stack>
            {versions.isFetchNextPageError && <Text size="sm">Could not load the older versions: {errorMessage(versions.error)}</Text>}
            {versions.hasNextPage && (
              <Button
                size="xs"
                variant="default"
                onClick={() => void versions.fetchNextPage()}
                loading={versions.isFetchingNextPage}
                style={{ alignSelf: 'flex-start' }}
              >
                {versions.isFetchNextPageError ? 'Try again' : `Show older versions (${(count ?? 0) - loaded.length} more)`}
              </Button>
            )}
          </Stack>
        )}
      </Collapse>
    </Stack>
  );
}
