import { Button, SimpleGrid, Skeleton, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconLibraryPhoto, IconPhotoSearch } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import classes from './media-library.module.css';

/** The columns of the library's grid, shared by the files and their skeletons. */
export const LIBRARY_COLUMNS = { base: 2, xs: 3, md: 4, xl: 5 };

/** The grid's shape while the first page loads. */
export function LibrarySkeleton({ count = 10 }: { count?: number }) {
  return (
    <SimpleGrid cols={LIBRARY_COLUMNS} spacing="md" aria-busy="true" aria-label="Loading the media library">
      {Array.from({ length: count }, (_, index) => (
        <Stack key={index} gap={8} className={classes.card} pb="sm">
          <Skeleton style={{ aspectRatio: '1 / 1' }} h="auto" radius={0} />
          <Skeleton height={12} width="85%" mx="sm" />
          <Skeleton height={12} width="55%" mx="sm" />
          <Skeleton height={24} width={64} mx="sm" mt={4} />
        </Stack>
      ))}
    </SimpleGrid>
  );
}

function Message({ icon, title, children, action }: { icon: ReactNode; title: string; children: ReactNode; action?: ReactNode }) {
  return (
    <Stack align="center" gap="xs" ta="center" py={56} px="md" className={classes.empty}>
      <ThemeIcon size={56} radius="xl" variant="light" aria-hidden="true">
        {icon}
      </ThemeIcon>
      <Title order={2} fz="lg" mt="xs">
        {title}
      </Title>
      <Text c="dimmed" maw={460}>
        {children}
      </Text>
      {action}
    </Stack>
  );
}

/** Nothing in the library yet: where files come from. */
export function LibraryEmpty({ action }: { action: ReactNode }) {
  return (
    <Message icon={<IconLibraryPhoto size={30} />} title="Your media library is empty" action={action}>
      Every image or video you upload to a post, and every image made from a template or by AI, is kept here with its description, ready to use on other posts.
    </Message>
  );
}

/** A search or a filter that matches nothing. */
export function LibraryNoResults({ what, onClear }: { what: string; onClear: () => void }) {
  return (
    <Message
      icon={<IconPhotoSearch size={30} />}
      title={`No ${what} found`}
      action={
        <Button variant="default" mt="xs" onClick={onClear}>
          Show all files
        </Button>
      }
    >
      Try other words: the search looks through the descriptions of your files.
    </Message>
  );
}
