import { Button, Center, SegmentedControl, SimpleGrid, TextInput, VisuallyHidden } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import type { MediaType } from '@shared/domain/options';
import type { LibraryFile } from '@shared/schemas/media-library';
import { ErrorState } from '../../../components/error-state';
import { PageHeader } from '../../../components/page-header';
import { errorMessage } from '../../../lib/api-error';
import { useLibrary } from '../../../lib/library/library-api';
import { notify } from '../../../lib/notify';
import { paths } from '../../../lib/paths';
import { useDeleteFile } from '../hooks/use-delete-file';
import { AltTextModal } from './alt-text-modal';
import { DeleteFileDialog } from './delete-file-dialog';
import { LibraryCard } from './library-card';
import { LIBRARY_COLUMNS, LibraryEmpty, LibraryNoResults, LibrarySkeleton } from './library-states';
import classes from './media-library.module.css';

const TYPES = [
  { value: 'all', label: 'All' },
  { value: 'image', label: 'Images' },
  { value: 'video', label: 'Videos' },
];

/** The media library: every upload and made image, searchable by description, each editable and deletable. */
export function LibraryPage() {
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), 300);
  const [type, setType] = useState<MediaType | null>(null);
  const library = useLibrary({ q, type });
  const [editing, setEditing] = useState<LibraryFile | null>(null);
  const deletion = useDeleteFile();
  const listRef = useRef<HTMLDivElement>(null);
  const searchRef = useRef<HTMLInputElement>(null);
  // After a deletion focus goes to the list (or the search when the list is gone), not lost on the page.
  const deletedCount = deletion.deleted;
  useEffect(() => {
    if (deletedCount > 0) (listRef.current ?? searchRef.current)?.focus();
  }, [deletedCount]);

  const files = library.data?.pages.flatMap((page) => page.files) ?? [];
  const filtered = q !== '' || type !== null;
  const clear = () => {
    setSearch('');
    setType(null);
  };
  const loadMore = async () => {
    const result = await library.fetchNextPage();
    if (result.isFetchNextPageError) notify({ tone: 'error', title: 'Could not load more files', message: errorMessage(result.error) });
  };

  // Nothing at all yet: no search or filter to offer, only where files come from.
  const empty = library.isSuccess && files.length === 0 && !filtered;
  let body;
  if (library.isPending) body = <LibrarySkeleton />;
  else if (library.isError && files.length === 0)
    body = <ErrorState title="Could not load your media library" message={errorMessage(library.error)} onRetry={() => void library.refetch()} />;
  else if (empty)
    body = (
      <LibraryEmpty
        action={
          <Button component={Link} to={paths.workspace} mt="xs">
            Go to your months
          </Button>
        }
      />
    );
  else if (files.length === 0) body = <LibraryNoResults what={type === 'video' ? 'videos' : type === 'image' ? 'images' : 'files'} onClear={clear} />;
  else
    body = (
      <>
        <SimpleGrid ref={listRef} tabIndex={-1} cols={LIBRARY_COLUMNS} spacing="md" component="ul" className={classes.grid} aria-label="Files in your library">
          {files.map((file) => (
            <LibraryCard
              key={file.fileId}
              file={file}
              deleting={deletion.asking === file.fileId}
              onEdit={() => setEditing(file)}
              onDelete={() => deletion.start(file)}
            />
          ))}
        </SimpleGrid>
        {library.hasNextPage && (
          <Center mt="xl">
            <Button variant="default" onClick={() => void loadMore()} loading={library.isFetchingNextPage}>
              Load more
            </Button>
          </Center>
        )}
      </>
    );

  return (
    <>
      <PageHeader title="Media library" subtitle="Every image and video you upload or make, with its description, ready to use again." />
      <div className={classes.toolbar} role="search" hidden={empty}>
        <TextInput
          ref={searchRef}
          className={classes.search}
          aria-label="Search descriptions"
          placeholder="Search descriptions"
          leftSection={<IconSearch size={16} aria-hidden="true" />}
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
          type="search"
        />
        <SegmentedControl
          aria-label="Type of file"
          value={type ?? 'all'}
          onChange={(value) => setType(value === 'all' ? null : (value as MediaType))}
          data={TYPES}
        />
      </div>
      <VisuallyHidden role="status">
        {library.isSuccess && filtered ? `${files.length}${library.hasNextPage ? ' or more' : ''} files found` : ''}
      </VisuallyHidden>
      {body}
      <AltTextModal file={editing} onClose={() => setEditing(null)} />
      <DeleteFileDialog
        question={deletion.question}
        deleting={deletion.deleting}
        problem={deletion.problem}
        onConfirm={deletion.confirm}
        onClose={deletion.close}
        returnFocus={!deletion.gone}
      />
    </>
  );
}
