import { ActionIcon, Box, Drawer, Group, Menu, Text, Tooltip } from '@mantine/core';
import { IconChevronLeft, IconChevronRight, IconDots } from '@tabler/icons-react';
import type { Post } from '@shared/schemas/post';
import { PostActionItems, type PostActions } from '../../../components/post-action-items';
import { postDay } from '../format';
import classes from './post-editor.module.css';

export interface PostEditorHeaderProps {
  post: Post;
  /** 1-based place of the post in the month, and how many posts the month has. */
  position: number;
  total: number;
  previous: Post | undefined;
  next: Post | undefined;
  onNavigate: (post: Post | undefined) => void;
  /** Duplicate, adapt for another network, delete; left out for archived months. */
  actions?: PostActions;
}

/** Date card, weekday (the drawer's title), previous / next and close. */
export function PostEditorHeader({ post, position, total, previous, next, onNavigate, actions }: PostEditorHeaderProps) {
  const day = postDay(post.date);
  return (
    <Drawer.Header>
      <Group gap="sm" wrap="nowrap" miw={0}>
        <div className={classes.dateCard} aria-hidden="true">
          <span className={classes.dateMonth}>{day.monthAbbreviation}</span>
          <span className={classes.dateDay}>{day.dayNumber}</span>
        </div>
        <Box miw={0}>
          <Drawer.Title>
            <Text component="span" display="block" fw={650} fz="lg" lh={1.3}>
              {day.weekday}
            </Text>
            <Text component="span" display="block" size="sm" c="dimmed" lh={1.4}>
              {day.longDate}
              {position > 0 && ` · Post ${position} of ${total}`}
            </Text>
          </Drawer.Title>
        </Box>
      </Group>
      <Group gap={6} wrap="nowrap">
        {actions && (
          <Menu position="bottom-end" shadow="md" width={240} withInitialFocusPlaceholder={false}>
            <Menu.Target>
              <ActionIcon variant="default" size="lg" aria-label="Post actions">
                <IconDots size={18} aria-hidden="true" />
              </ActionIcon>
            </Menu.Target>
            <Menu.Dropdown>
              <PostActionItems post={post} actions={actions} divideDelete />
            </Menu.Dropdown>
          </Menu>
        )}
        <Tooltip label="Previous post">
          <ActionIcon variant="default" size="lg" aria-label="Previous post" disabled={!previous} onClick={() => onNavigate(previous)}>
            <IconChevronLeft size={18} aria-hidden="true" />
          </ActionIcon>
        </Tooltip>
        <Tooltip label="Next post">
          <ActionIcon variant="default" size="lg" aria-label="Next post" disabled={!next} onClick={() => onNavigate(next)}>
            <IconChevronRight size={18} aria-hidden="true" />
          </ActionIcon>
        </Tooltip>
        <Drawer.CloseButton aria-label="Close post editor" size="lg" ml={4} />
      </Group>
    </Drawer.Header>
  );
}
