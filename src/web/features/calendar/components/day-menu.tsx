import { ActionIcon, Menu } from '@mantine/core';
import { IconDots } from '@tabler/icons-react';
import { PLATFORM_LABELS } from '@shared/domain/options';
import type { Post } from '@shared/schemas/post';
import { PostActionItems, type PostActions } from '../../../components/post-action-items';
import { firstWords } from './day-posts';

/** The day's menu: for each of its posts, duplicate, adapt for another network, or delete. */
export function DayMenu({ dateLabel, posts, actions }: { dateLabel: string; posts: Post[]; actions: PostActions }) {
  return (
    <Menu position="bottom-end" shadow="md" width={260} withinPortal withInitialFocusPlaceholder={false}>
      <Menu.Target>
        <ActionIcon
          variant="subtle"
          color="gray"
          size="sm"
          aria-label={`Actions for posts on ${dateLabel}`}
          data-day-menu
          onClick={(event) => event.stopPropagation()}
        >
          <IconDots size={16} aria-hidden="true" />
        </ActionIcon>
      </Menu.Target>
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
