import { Menu } from '@mantine/core';
import type { ReactNode } from 'react';
import { PLATFORM_LABELS } from '@shared/domain/options';
import type { Post } from '@shared/schemas/post';
import { PostActionItems, type PostActions } from '../../../components/post-action-items';
import { firstWords } from './day-posts';

/** The day's menu once first opened (day-menu.tsx): a chunk of its own, with the menu component. */
export function DayMenuDropdown({
  trigger,
  opened,
  onChange,
  posts,
  actions,
}: {
  trigger: ReactNode;
  opened: boolean;
  onChange: (opened: boolean) => void;
  posts: Post[];
  actions: PostActions;
}) {
  return (
    <Menu opened={opened} onChange={onChange} position="bottom-end" shadow="md" width={260} withinPortal withInitialFocusPlaceholder={false}>
      <Menu.Target>{trigger}</Menu.Target>
      <Menu.Dropdown onClick={(event) => event.stopPropagation()}>
        {posts.map((post, index) => (
          <div key={post.id} role="group" aria-labelledby={`${post.id}-actions`}>
            {index > 0 && <Menu.Divider />}
            <Menu.Label id={`${post.id}-actions`}>
              {PLATFORM_LABELS[post.platform]}: {firstWords(post.content, 5)}
            </Menu.Label>
            <PostActionItems post={post} actions={actions} />
          </div>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
