import { ActionIcon, Menu } from '@mantine/core';
import { IconCopy, IconDots, IconTransform, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { PLATFORM_LABELS, PLATFORMS, type Platform } from '@shared/domain/options';
import type { Post } from '@shared/schemas/post';
import { firstWords } from './day-posts';

/** What can be done to a post from the calendar; left out where posts cannot change (archived months). */
export interface PostActions {
  onDuplicate: (post: Post) => void;
  /** With a network: 'Adapt for <network>' was chosen; without: the modal asks. */
  onAdapt: (post: Post, platform?: Platform) => void;
  onDelete: (post: Post) => void;
}

/**
 * The day's menu: for each of its posts, duplicate, adapt for another network, or delete. Until it is
 * first opened it is only its button: a month has a menu on every day with posts, and building them
 * all (positioning, focus handling) would hold up the calendar's first paint.
 */
export function DayMenu({ dateLabel, posts, actions }: { dateLabel: string; posts: Post[]; actions: PostActions }) {
  const [state, setState] = useState<'unused' | 'open' | 'closed'>('unused');
  const trigger = (
    <ActionIcon
      variant="subtle"
      color="gray"
      size="sm"
      aria-label={`Actions for posts on ${dateLabel}`}
      aria-haspopup="menu"
      aria-expanded={state === 'open'}
      data-day-menu
      onClick={(event) => {
        event.stopPropagation();
        if (state === 'unused') setState('open');
      }}
    >
      <IconDots size={16} aria-hidden="true" />
    </ActionIcon>
  );
  if (state === 'unused') return trigger;
  return (
    <Menu
      opened={state === 'open'}
      onChange={(opened) => setState(opened ? 'open' : 'closed')}
      position="bottom-end"
      shadow="md"
      width={260}
      withinPortal
      withInitialFocusPlaceholder={false}
    >
      <Menu.Target>{trigger}</Menu.Target>
      <Menu.Dropdown onClick={(event) => event.stopPropagation()}>
        {posts.map((post, index) => (
          <div key={post.id} role="group" aria-labelledby={`${post.id}-actions`}>
            {index > 0 && <Menu.Divider />}
            <Menu.Label id={`${post.id}-actions`}>
              {PLATFORM_LABELS[post.platform]}: {firstWords(post.content, 5)}
            </Menu.Label>
            <Menu.Item leftSection={<IconCopy size={16} aria-hidden="true" />} onClick={() => actions.onDuplicate(post)}>
              Duplicate to another day
            </Menu.Item>
            {PLATFORMS.filter((platform) => platform !== post.platform).map((platform) => (
              <Menu.Item key={platform} leftSection={<IconTransform size={16} aria-hidden="true" />} onClick={() => actions.onAdapt(post, platform)}>
                Adapt for {PLATFORM_LABELS[platform]}
              </Menu.Item>
            ))}
            <Menu.Item color="red.9" leftSection={<IconTrash size={16} aria-hidden="true" />} onClick={() => actions.onDelete(post)}>
              Delete post
            </Menu.Item>
          </div>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
