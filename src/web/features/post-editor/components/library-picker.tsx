import {
  Alert,
  Badge,
  Button,
  Center,
  Group,
  Modal,
  SegmentedControl,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  TextInput,
  ThemeIcon,
  UnstyledButton,
} from '@mantine/core';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import { IconAlertCircle, IconCheck, IconSearch } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { MediaType } from '@shared/domain/options';
import type { LibraryFile } from '@shared/schemas/media-library';
import type { Post } from '@shared/schemas/post';
import { LibraryThumb } from '../../../components/library-thumb';
import { ApiRequestError, errorMessage } from '../../../lib/api-error';
import { useLibrary } from '../../../lib/library/library-api';
import { attachFailure, fileName } from '../../../lib/library/library-words';
import { notify } from '../../../lib/notify';
import { useAttachLibraryFile } from '../../../lib/posts/api/attach-library-file';
import { fetchPost } from '../../../lib/posts/api/get-post';
import { syncPost } from '../../../lib/posts/cache';
import classes from './library-picker.module.css';

interface LibraryPickerProps {
  opened: boolean;
  onClose: () => void;
  monthId: string;
  post: Post;
  /** Whether the post's network takes videos (Google Business Profile does not). */
  takesVideo: boolean;
}

/** "Choose from library": search, pick one file, "Add to post" with the version the editor shows. */
export function LibraryPicker({ opened, onClose, ...props }: LibraryPickerProps) {
  const phone = useMediaQuery('(max-width: 48em)') ?? false;
  return (
    <Modal opened={opened} onClose={onClose} title="Choose from library" size="xl" fullScreen={phone} centered closeButtonProps={{ 'aria-label': 'Close' }}>
      {opened && <PickerBody onClose={onClose} {...props} />}
    </Modal>
  );
}

function PickerBody({ onClose, monthId, post, takesVideo }: Omit<LibraryPickerProps, 'opened'>) {
  const queryClient = useQueryClient();
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), 300);
  const [type, setType] = useState<MediaType | null>(takesVideo ? null : 'image');
  const library = useLibrary({ q, type });
  const attach = useAttachLibraryFile(monthId);
  const [selected, setSelected] = useState<LibraryFile | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const onPost = new Set(post.media.map((item) => item.url));
  const files = library.data?.pages.flatMap((page) => page.files) ?? [];

  const add = async () => {
    if (!selected) return;
    setProblem(null);
    setBusy(true);
    try {
      await attach.mutateAsync({ postId: post.id, fileId: selected.fileId, version: post.version });
      notify({ tone: 'success', title: 'Added to the post', message: `"${fileName(selected)}" is on this post now.` });
      onClose();
    } catch (error) {
      // A stale version: the editor is brought to the latest post first, so choosing again sends its version.
      if (error instanceof ApiRequestError && error.code === 'stale_version') {
        await fetchPost(post.id)
          .then((latest) => syncPost(queryClient, monthId, latest))
          .catch(() => undefined);
      }
      setProblem(attachFailure(error));
    } finally {
      setBusy(false);
    }
  };

  let grid;
  if (library.isPending) {
    grid = (
      <SimpleGrid cols={{ base: 2, xs: 3, sm: 4 }} spacing="sm" aria-busy="true" aria-label="Loading your library">
        {Array.from({ length: 8 }, (_, index) => (
          <Skeleton key={index} style={{ aspectRatio: '1 / 1' }} h="auto" />
        ))}
      </SimpleGrid>
    );
  } else if (library.isError && files.length === 0) {
    grid = (
      <Alert color="red" variant="light" icon={<IconAlertCircle size={18} aria-hidden="true" />} title="Could not load your library">
        <Text size="sm">{errorMessage(library.error)}</Text>
        <Button variant="light" size="xs" mt="xs" onClick={() => void library.refetch()}>
          Try again
        </Button>
      </Alert>
    );
  } else if (files.length === 0) {
    grid = (
      <Text c="dimmed" ta="center" py="xl">
        {q || type === 'video'
          ? 'No files match. Try other words: the search looks through the descriptions.'
          : 'Your library is empty. Files you upload to posts, and images you make, appear here.'}
      </Text>
    );
  } else {
    grid = (
      <>
        <SimpleGrid cols={{ base: 2, xs: 3, sm: 4 }} spacing="sm" component="ul" className={classes.grid} aria-label="Files in your library">
          {files.map((file) => {
            const already = onPost.has(file.url);
            const chosen = selected?.fileId === file.fileId;
            return (
              <li key={file.fileId}>
                <UnstyledButton
                  className={classes.choice}
                  aria-pressed={chosen}
                  disabled={already}
                  onClick={() => setSelected(chosen ? null : file)}
                  aria-label={`${already ? 'Already on this post: ' : ''}${fileName(file)}`}
                >
                  <div className={classes.thumbWrap}>
                    <LibraryThumb file={file} />
                    {chosen && (
                      <ThemeIcon className={classes.check} radius="xl" size="md" aria-hidden="true">
                        <IconCheck size={16} />
                      </ThemeIcon>
                    )}
                  </div>
                  <div className={classes.caption}>
                    {already ? (
                      <Badge size="sm" variant="light" color="gray">
                        On this post
                      </Badge>
                    ) : (
                      <Text size="xs" lineClamp={2} c={file.altText.trim() ? undefined : 'dimmed'}>
                        {file.altText.trim() || 'No description'}
                      </Text>
                    )}
                  </div>
                </UnstyledButton>
              </li>
            );
          })}
        </SimpleGrid>
        {library.hasNextPage && (
          <Center mt="md">
            <Button variant="default" size="sm" onClick={() => void library.fetchNextPage()} loading={library.isFetchingNextPage}>
              Load more
            </Button>
          </Center>
        )}
      </>
    );
  }

  return (
    <Stack gap="md">
      <Group gap="sm" align="flex-end" role="search">
        <TextInput
          style={{ flex: '1 1 14rem' }}
          aria-label="Search descriptions"
          placeholder="Search descriptions"
          leftSection={<IconSearch size={16} aria-hidden="true" />}
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
          type="search"
          data-autofocus
        />
        {takesVideo && (
          <SegmentedControl
            aria-label="Type of file"
            value={type ?? 'all'}
            onChange={(value) => setType(value === 'all' ? null : (value as MediaType))}
            data={[
              { value: 'all', label: 'All' },
              { value: 'image', label: 'Images' },
              { value: 'video', label: 'Videos' },
            ]}
          />
        )}
      </Group>
      {grid}
      {problem && (
        <Alert color="red" variant="light" icon={<IconAlertCircle size={18} aria-hidden="true" />} role="alert">
          {problem}
        </Alert>
      )}
      <Group justify="space-between" gap="sm" wrap="wrap" className={classes.footer}>
        <Text size="sm" c="dimmed" aria-live="polite">
          {selected ? `Selected: ${fileName(selected)}` : 'Select a file to add it.'}
        </Text>
        <Group gap="sm" ml="auto">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={() => void add()} disabled={!selected} loading={busy}>
            Add to post
          </Button>
        </Group>
      </Group>
    </Stack>
  );
}
