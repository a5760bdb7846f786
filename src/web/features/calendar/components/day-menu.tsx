import { ActionIcon, Menu } from '@mantine/core';
import { IconDots } from '@tabler/icons-react';
import { useState } from 'react';
import { PLATFORM_LABELS } from '@shared/domain/options';
import type { Post } from '@shared/schemas/post';
import { PostActionItems, type PostActions } from '../../../components/post-action-items';
import { firstWords } from './day-posts';

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
            <PostActionItems post={post} actions={actions} />
          </div>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
