import { Box, Drawer } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { startTransition, useEffect, useState, type JSX } from 'react';
import type { Post } from '@shared/schemas/post';
import { confirmDiscard, useBeforeUnload, useLeavePageBlocker } from '../hooks/use-unsaved-guard';
import { PostEditorBody } from './post-editor-body';
import type { PostActions } from '../../../components/post-action-items';
import { PostEditorHeader } from './post-editor-header';

export interface PostEditorDrawerProps {
  monthId: string;
  /** The month's posts in date order (for previous/next). */
  posts: Post[];
  /** Open when non-null. */
  postId: string | null;
  /** Read-only when true. */
  archived: boolean;
  /** Each post's approval and reviews are shown; `required` when the month publishes only approved posts. */
  approval?: { required: boolean };
  onClose: () => void;
  /** Previous/next. */
  onNavigate: (postId: string) => void;
  /** Duplicate, adapt, delete (the route supplies them); unsaved edits are asked about first. */
  actions?: PostActions;
}

/** Asks before in-app navigation away from the page; mounted only while there are unsaved edits. */
function LeavePageGuard() {
  useLeavePageBlocker();
  return null;
}

/** The post editor: a right-side drawer for one post of the month, with previous / next through the month. */
export function PostEditorDrawer({ monthId, posts, postId, archived, approval, onClose, onNavigate, actions }: PostEditorDrawerProps): JSX.Element {
  const mobile = useMediaQuery('(max-width: 40em)') ?? false;
  const [dirty, setDirty] = useState(false);
  const current = postId === null ? undefined : posts.find((post) => post.id === postId);
  // The last shown post stays on screen while the drawer slides out.
  const [shown, setShown] = useState<Post | undefined>(current);
  if (current && current !== shown) setShown(current);
  const opened = current !== undefined;
  useBeforeUnload(opened && dirty);
  // On opening, the frame and the header draw in the click's frame and the editor's body follows in a
  // transition after it (it is most of the work); it then stays while the drawer is open and slides out.
  const [bodyReady, setBodyReady] = useState(false);
  useEffect(() => {
    if (opened) startTransition(() => setBodyReady(true));
  }, [opened]);

  const index = shown ? posts.findIndex((post) => post.id === shown.id) : -1;
  const close = () => {
    if (confirmDiscard(dirty)) onClose();
  };
  const unlessDiscardRefused =
    <Rest extends unknown[]>(act: (post: Post, ...rest: Rest) => void) =>
    (post: Post, ...rest: Rest): void => {
      if (confirmDiscard(dirty)) act(post, ...rest);
    };
  const guarded: PostActions | undefined =
    actions && !archived
      ? {
          onDuplicate: unlessDiscardRefused(actions.onDuplicate),
          onAdapt: unlessDiscardRefused(actions.onAdapt),
          onDelete: unlessDiscardRefused(actions.onDelete),
        }
      : undefined;
  const navigate = (target: Post | undefined) => {
    if (target && confirmDiscard(dirty)) onNavigate(target.id);
  };

  return (
    <>
      <Drawer.Root opened={opened} onClose={close} onExitTransitionEnd={() => setBodyReady(false)} position="right" size={mobile ? '100%' : 620} padding="lg">
        <Drawer.Overlay />
        <Drawer.Content>
          {shown && (
            <>
              <PostEditorHeader
                post={shown}
                position={index + 1}
                total={posts.length}
                previous={index > 0 ? posts[index - 1] : undefined}
                next={index >= 0 ? posts[index + 1] : undefined}
                onNavigate={navigate}
                actions={guarded}
              />
              <Drawer.Body aria-busy={!bodyReady}>
                {bodyReady ? (
                  <PostEditorBody key={shown.id} monthId={monthId} post={shown} archived={archived} approval={approval} onDirtyChange={setDirty} />
                ) : (
                  <Box mih={320} />
                )}
              </Drawer.Body>
            </>
          )}
        </Drawer.Content>
      </Drawer.Root>
      {opened && dirty && <LeavePageGuard />}
    </>
  );
}
