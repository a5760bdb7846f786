import { Popover, Stack, Text, UnstyledButton } from '@mantine/core';
import type { ReactNode } from 'react';
import { PLATFORM_LABELS } from '@shared/domain/options';
import type { Post } from '@shared/schemas/post';
import { APPROVAL_LABELS } from '../../../components/approval-state';
import classes from './month-calendar.module.css';

/** The list to choose one of a day's posts from (day-posts.tsx): a chunk of its own, fetched when first opened. */
export function DayPicker({
  pills,
  posts,
  dateLabel,
  approvalShown,
  pickerOpen,
  onPickerChange,
  onOpenPost,
}: {
  pills: ReactNode;
  posts: Post[];
  dateLabel: string;
  approvalShown: boolean;
  pickerOpen: boolean;
  onPickerChange: (open: boolean) => void;
  onOpenPost: (postId: string) => void;
}) {
  return (
    <Popover opened={pickerOpen} onChange={onPickerChange} position="bottom-start" shadow="md" withinPortal trapFocus returnFocus withRoles={false}>
      <Popover.Target>{pills}</Popover.Target>
      <Popover.Dropdown p={6} maw={300} role="dialog" aria-label={`Posts on ${dateLabel}`}>
        <Text size="xs" fw={600} c="dimmed" px={8} py={4}>
          {posts.length} posts on {dateLabel}
        </Text>
        <Stack gap={2}>
          {posts.map((post) => (
            <UnstyledButton
              key={post.id}
              className={classes.pickItem}
              onClick={() => {
                onPickerChange(false);
                onOpenPost(post.id);
              }}
            >
              <Text size="sm" fw={600}>
                {PLATFORM_LABELS[post.platform]}
                {post.status === 'scheduled' ? ' · Scheduled' : ' · Draft'}
                {approvalShown && ` · ${APPROVAL_LABELS[post.approval]}`}
              </Text>
              <Text size="xs" c="dimmed" lineClamp={2}>
                {post.content}
              </Text>
            </UnstyledButton>
          ))}
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
