import { lazy, useState } from 'react';
import { LoadOnUse } from '../components/load-on-use';
import type { MonthDetail } from '@shared/schemas/month';
import type { Platform } from '@shared/domain/options';
import type { Post } from '@shared/schemas/post';
import type { CopyRequest } from '../features/post-actions/components/copy-post-modal';
import { useDeletePosts } from '../features/post-actions/hooks/use-delete-posts';
import { useOpenPost } from './use-open-post';

// Its own chunk, loaded on use: the month paints without it.
const CopyPostModal = lazy(() => import('../features/post-actions/components/copy-post-modal').then((module) => ({ default: module.CopyPostModal })));

/**
 * The month's post actions, shared by the calendar's day menu, the list and the editor: delete (with
 * undo), duplicate and adapt for another network (a modal asks the day and network).
 */
export function usePostActions(month: MonthDetail) {
  const [copyRequest, setCopyRequest] = useState<CopyRequest | null>(null);
  const deletePosts = useDeletePosts(month.id);
  const openPost = useOpenPost();
  const actions = {
    onDuplicate: (post: Post) => setCopyRequest({ post, mode: 'duplicate' }),
    onAdapt: (post: Post, platform?: Platform) => setCopyRequest({ post, mode: 'adapt', platform }),
    onDelete: (post: Post) => void deletePosts([post]),
  };
  const copyModal = (
    <LoadOnUse wanted={copyRequest !== null}>
      {(open) => (
        <CopyPostModal month={month} request={open ? copyRequest : null} onClose={() => setCopyRequest(null)} onCopied={(postId) => openPost(postId)} />
      )}
    </LoadOnUse>
  );
  return { actions: month.archived ? undefined : actions, deletePosts, copyModal };
}
