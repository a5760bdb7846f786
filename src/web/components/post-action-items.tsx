import { Menu } from '@mantine/core';
import { IconCopy, IconTransform, IconTrash } from '@tabler/icons-react';
import { PLATFORM_LABELS, PLATFORMS, type Platform } from '@shared/domain/options';
import type { Post } from '@shared/schemas/post';

/** What can be done to a post from a menu (the calendar's day menu, the editor's); left out where posts cannot change (archived months). */
export interface PostActions {
  onDuplicate: (post: Post) => void;
  /** With a network: 'Adapt for <network>' was chosen; without: the modal asks. */
  onAdapt: (post: Post, platform?: Platform) => void;
  onDelete: (post: Post) => void;
}

/** One post's menu items: duplicate, adapt for each other network, delete (set apart by a divider with `divideDelete`). */
export function PostActionItems({ post, actions, divideDelete = false }: { post: Post; actions: PostActions; divideDelete?: boolean }) {
  return (
    <>
      <Menu.Item leftSection={<IconCopy size={16} aria-hidden="true" />} onClick={() => actions.onDuplicate(post)}>
        Duplicate to another day
      </Menu.Item>
      {PLATFORMS.filter((platform) => platform !== post.platform).map((platform) => (
        <Menu.Item key={platform} leftSection={<IconTransform size={16} aria-hidden="true" />} onClick={() => actions.onAdapt(post, platform)}>
          Adapt for {PLATFORM_LABELS[platform]}
        </Menu.Item>
      ))}
      {divideDelete && <Menu.Divider />}
      <Menu.Item color="red.9" leftSection={<IconTrash size={16} aria-hidden="true" />} onClick={() => actions.onDelete(post)}>
        Delete post
      </Menu.Item>
    </>
  );
}
