import { notify } from '../../../lib/notify';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { dateOnly, noonUtc } from '@shared/domain/months';
import type { Post, PostEvent } from '@shared/schemas/post';
import { ApiRequestError, errorMessage } from '../../../lib/api-error';
import { fetchPost } from '../../../lib/posts/api/get-post';
import { syncPost } from '../../../lib/posts/cache';
import { useRestoreVersion } from '../../../lib/posts/api/restore-version';
import { useRewritePost } from '../../../lib/posts/api/rewrite-post';
import { useUpdatePost } from '../../../lib/posts/api/update-post';
import { postDay } from '../format';
import { confirmDiscard } from './use-unsaved-guard';

/** A write that can be repeated with a newer version after a 409 'stale_version'. */
type PostWrite =
  | { kind: 'text'; extraTags: string[] }
  | { kind: 'date' }
  | { kind: 'event' }
  | { kind: 'rewrite'; instructions: string }
  | { kind: 'restore'; versionId: string };

export const RELOAD_MESSAGE = 'You have unsaved changes. Reload the latest version and discard them?';
export const RESTORE_MESSAGE = 'You have unsaved changes. Restore this version and discard them?';

const FAILURE_TITLES: Record<PostWrite['kind'], string> = {
  text: 'Could not save the post',
  date: 'Could not move the post',
  event: 'Could not save the post type',
  rewrite: '',
  restore: 'Could not restore the version',
};

const sameTags = (a: string[], b: string[]) => a.length === b.length && a.every((tag, index) => tag === b[index]);
const sameEvent = (a: PostEvent | null, b: PostEvent | null) => JSON.stringify(a) === JSON.stringify(b);
const EVENT_SAVED: Record<PostEvent['kind'] | 'update', string> = {
  update: 'It is an update again.',
  offer: 'It is now an offer.',
  event: 'It is now an event.',
};
const isStale = (error: unknown) => error instanceof ApiRequestError && error.code === 'stale_version';

function notifyFailure(kind: PostWrite['kind'], error: unknown) {
  // A rewrite failure's message (provider down, rate limited, archived) is clear on its own.
  const title = FAILURE_TITLES[kind];
  notify({ tone: 'error', title, message: errorMessage(error) });
}

/** Local edits of one post (text, hashtags, day, offer or event) and every versioned write, with recovery from stale writes. */
export function usePostEditor(monthId: string, post: Post) {
  const queryClient = useQueryClient();
  const update = useUpdatePost(monthId);
  const rewriteMutation = useRewritePost(monthId);
  const restoreMutation = useRestoreVersion(monthId);
  // null means "not edited": the post's own value shows, and follows the server.
  const [content, setContent] = useState<string | null>(null);
  const [hashtags, setHashtags] = useState<string[] | null>(null);
  const [date, setDate] = useState<string | null>(null);
  // undefined means "not edited"; null is an update (no offer or event).
  const [event, setEvent] = useState<PostEvent | null | undefined>(undefined);
  const [stale, setStale] = useState<PostWrite | null>(null);
  const [resolving, setResolving] = useState(false);

  const postDate = dateOnly(post.date);
  const editing = content !== null;
  const draftContent = content ?? post.content;
  const draftHashtags = hashtags ?? post.hashtags;
  const textDirty = editing && (draftContent !== post.content || !sameTags(draftHashtags, post.hashtags));
  const dateValue = date ?? postDate;
  const dateDirty = dateValue !== postDate;
  const eventValue = event === undefined ? post.event : event;
  const eventDirty = event !== undefined && !sameEvent(event, post.event);

  const discardText = () => {
    setContent(null);
    setHashtags(null);
  };

  async function perform(write: PostWrite, version: number): Promise<boolean> {
    try {
      if (write.kind === 'text') {
        const tags = [...draftHashtags, ...write.extraTags.filter((tag) => !draftHashtags.includes(tag))];
        await update.mutateAsync({ postId: post.id, version, changes: { content: draftContent, hashtags: tags } });
        discardText();
        notify({ tone: 'success', title: 'Post saved', message: 'Your changes are saved.' });
      } else if (write.kind === 'date') {
        const day = postDay(noonUtc(dateValue));
        await update.mutateAsync({ postId: post.id, version, changes: { date: noonUtc(dateValue) } });
        setDate(null);
        notify({ tone: 'success', title: 'Post moved', message: `It is now on ${day.weekday}, ${day.longDate}.` });
      } else if (write.kind === 'event') {
        await update.mutateAsync({ postId: post.id, version, changes: { event: eventValue } });
        setEvent(undefined);
        notify({ tone: 'success', title: 'Post type saved', message: EVENT_SAVED[eventValue?.kind ?? 'update'] });
      } else if (write.kind === 'rewrite') {
        await rewriteMutation.mutateAsync({ postId: post.id, version, instructions: write.instructions });
        discardText();
        notify({ tone: 'success', title: 'Post rewritten', message: 'The new text is saved. The previous one is in Version history.' });
      } else {
        await restoreMutation.mutateAsync({ postId: post.id, versionId: write.versionId, version });
        discardText();
        notify({ tone: 'success', title: 'Version restored', message: 'The text it replaced is kept in Version history.' });
      }
      setStale(null);
      return true;
    } catch (error) {
      if (isStale(error)) setStale(write);
      else notifyFailure(write.kind, error);
      return false;
    }
  }

  async function latest(): Promise<Post | null> {
    try {
      const fresh = await fetchPost(post.id);
      await syncPost(queryClient, monthId, fresh);
      return fresh;
    } catch (error) {
      notify({ tone: 'error', title: 'Could not load the latest version', message: errorMessage(error) });
      return null;
    }
  }

  /** 'Reload latest': show what the server has now and drop local edits (after asking). */
  async function reloadLatest(): Promise<void> {
    if (!confirmDiscard(textDirty || dateDirty || eventDirty, RELOAD_MESSAGE)) return;
    setResolving(true);
    const fresh = await latest();
    setResolving(false);
    if (!fresh) return;
    discardText();
    setDate(null);
    setEvent(undefined);
    setStale(null);
    notify({ tone: 'success', title: 'Latest version loaded', message: 'You now see the post as it was saved elsewhere.' });
  }

  /** 'Overwrite with mine': learn the new version number, then send the same change again with it. */
  async function overwrite(): Promise<void> {
    if (!stale) return;
    setResolving(true);
    const fresh = await latest();
    const nothingLocal = (stale.kind === 'text' && !editing) || (stale.kind === 'date' && date === null) || (stale.kind === 'event' && event === undefined);
    if (fresh && nothingLocal) setStale(null);
    else if (fresh) await perform(stale, fresh.version);
    setResolving(false);
  }

  return {
    editing,
    draftContent,
    draftHashtags,
    textDirty,
    dateValue,
    dateDirty,
    eventValue,
    eventDirty,
    dirty: textDirty || dateDirty || eventDirty,
    stale,
    resolving,
    savingText: update.isPending && update.variables?.changes.content !== undefined,
    movingDate: update.isPending && update.variables?.changes.date !== undefined,
    savingEvent: update.isPending && update.variables?.changes.event !== undefined,
    rewriting: rewriteMutation.isPending,
    restoringVersionId: restoreMutation.isPending ? restoreMutation.variables.versionId : null,
    startEditing: () => {
      setContent(post.content);
      setHashtags(post.hashtags);
    },
    cancelEditing: discardText,
    setContent: (value: string) => setContent(value),
    setHashtags: (value: string[]) => setHashtags(value),
    setDate: (value: string) => setDate(value),
    setEvent: (value: PostEvent | null) => setEvent(value),
    cancelEvent: () => setEvent(undefined),
    /** `extraTags`: hashtags typed but not yet confirmed with Enter, saved along. */
    save: (extraTags: string[] = []) => perform({ kind: 'text', extraTags }, post.version),
    move: () => perform({ kind: 'date' }, post.version),
    saveEvent: () => perform({ kind: 'event' }, post.version),
    rewrite: (instructions: string) => perform({ kind: 'rewrite', instructions: instructions.trim() }, post.version),
    restore: async (versionId: string) => (confirmDiscard(textDirty, RESTORE_MESSAGE) ? perform({ kind: 'restore', versionId }, post.version) : false),
    reloadLatest,
    overwrite,
  };
}

export type PostEditorState = ReturnType<typeof usePostEditor>;
