import { Alert, Stack } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useEffect } from 'react';
import { takesEvents } from '@shared/networks';
import type { Post } from '@shared/schemas/post';
import { usePostEditor } from '../hooks/use-post-editor';
import { ApprovalSummary } from './approval-summary';
import { EvergreenSwitch } from './evergreen-switch';
import { MediaSection } from './media-section';
import { NetworkPreviews } from './network-previews';
import { PostContentSection } from './post-content-section';
import { PostDateField } from './post-date-field';
import { PostEventSection } from './post-event-section';
import { ReviewHistory } from './review-history';
import { ScheduleSection } from './schedule-section';
import { StaleAlert } from './stale-alert';
import { VersionHistory } from './version-history';

export const ARCHIVED_NOTICE = 'This content is archived and cannot be modified';

export interface PostEditorBodyProps {
  monthId: string;
  post: Post;
  archived: boolean;
  /** The post's approval and reviews are shown (the month was shared for review, or publishes only approved posts); `required` when it does. */
  approval?: { required: boolean };
  /** Told whenever the post gains or loses unsaved edits (false on unmount). */
  onDirtyChange: (dirty: boolean) => void;
}

/** Everything below the header for one post; mounted per post, so moving to another post starts clean. */
export function PostEditorBody({ monthId, post, archived, approval, onDirtyChange }: PostEditorBodyProps) {
  const editor = usePostEditor(monthId, post);

  useEffect(() => onDirtyChange(editor.dirty), [editor.dirty, onDirtyChange]);
  useEffect(() => () => onDirtyChange(false), [onDirtyChange]);

  return (
    <Stack gap="xl" pt="xs" pb="xl">
      {archived && (
        <Alert color="gray" variant="light" icon={<IconLock size={18} aria-hidden="true" />}>
          {ARCHIVED_NOTICE}
        </Alert>
      )}
      {editor.stale && <StaleAlert busy={editor.resolving} onReload={() => void editor.reloadLatest()} onOverwrite={() => void editor.overwrite()} />}
      {approval && <ApprovalSummary post={post} required={approval.required} />}
      <PostContentSection post={post} editor={editor} archived={archived} />
      {(takesEvents(post.platform) || post.event) && <PostEventSection post={post} editor={editor} archived={archived} />}
      <NetworkPreviews post={post} content={editor.draftContent} hashtags={editor.draftHashtags} event={editor.eventValue} />
      <PostDateField monthId={monthId} editor={editor} archived={archived} />
      <MediaSection monthId={monthId} post={post} archived={archived} />
      <ScheduleSection post={post} monthId={monthId} archived={archived} />
      <EvergreenSwitch monthId={monthId} post={post} />
      {approval && <ReviewHistory post={post} />}
      <VersionHistory postId={post.id} editor={editor} archived={archived} />
    </Stack>
  );
}
