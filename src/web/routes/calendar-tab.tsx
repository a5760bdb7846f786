import { Alert, Group, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useQueryClient } from '@tanstack/react-query';
import { IconCalendarEvent, IconList, IconLock } from '@tabler/icons-react';
import { lazy, Suspense, useDeferredValue, useMemo, useState } from 'react';
import { LoadOnUse } from '../components/load-on-use';
import { showsApproval } from '../components/approval-state';
import { ViewSwitch, type ViewOption } from '../components/view-switch';
import { useSearchParams } from 'react-router';
import type { MonthDetail } from '@shared/schemas/month';
import type { Post } from '@shared/schemas/post';
import type { DeliveryStatus } from '@shared/schemas/publishing';
import { MonthCalendar } from '../features/calendar/components/month-calendar';
import { longDate } from '@shared/domain/day-words';
import type { PostActions } from '../components/post-action-items';
import { useBulkActions } from '../features/post-actions/hooks/use-bulk-actions';
import { useUpdatePost } from '../lib/posts/api/update-post';
import { ApiRequestError, errorMessage } from '../lib/api-error';
import { refreshMonth } from '../lib/posts/cache';
import { notify } from '../lib/notify';
import { useMonthDeliveries } from '../lib/queries/deliveries';
import { useMovePost } from './use-move-post';
import { useOpenPost } from './use-open-post';

type View = 'calendar' | 'list';
const VIEWS: ViewOption<View>[] = [
  { value: 'calendar', label: 'Calendar', icon: IconCalendarEvent },
  { value: 'list', label: 'List', icon: IconList },
];

// The list and the add-post modal are chunks of their own: the grid paints without them; the modal loads on use.
const MonthList = lazy(() => import('../features/month-list/components/month-list').then((module) => ({ default: module.MonthList })));
const AddPostModal = lazy(() => import('../features/new-post/components/add-post-modal').then((module) => ({ default: module.AddPostModal })));

export const STALE_IN_LIST =
  'This post was changed in another tab or window. The list now shows the latest version; your text is still in the box: save it again to overwrite, or cancel to keep the latest.';

/** Calendar or list, as the URL says (?view=); without a choice, phones get the list. */
function useView(): [View, (view: View) => void] {
  const [search, setSearch] = useSearchParams();
  // Read at once, not after the first render: a phone would otherwise build the grid, then the list.
  const phone = useMediaQuery('(max-width: 48em)', undefined, { getInitialValueInEffect: false });
  const asked = search.get('view');
  const view: View = asked === 'list' || asked === 'calendar' ? asked : phone ? 'list' : 'calendar';
  const choose = (next: View) => {
    const params = new URLSearchParams(search);
    params.set('view', next);
    setSearch(params, { replace: true });
  };
  return [view, choose];
}

interface CalendarTabProps {
  month: MonthDetail;
  actions: PostActions | undefined;
  deletePosts: (posts: Post[]) => Promise<boolean>;
}

/** The Calendar tab: the month grid or its list (posts open in the editor via the URL), and the add-post modal. */
export function CalendarTab({ month, actions, deletePosts }: CalendarTabProps) {
  const [addDate, setAddDate] = useState<string | null>(null);
  const [view, setView] = useView();
  const movePost = useMovePost(month);
  const openPost = useOpenPost();
  const update = useUpdatePost(month.id);
  const bulk = useBulkActions(month.id);
  const deliveries = useMonthDeliveries(month.id);
  // The marks follow in a deferred render: the read answers after the grid is drawn, and redrawing
  // every day at once for it would block the page.
  const deliveryList = useDeferredValue(deliveries.data);
  const deliveryStatus = useMemo(() => {
    const byPost = new Map<string, DeliveryStatus>();
    for (const delivery of deliveryList ?? []) if (!byPost.has(delivery.postId)) byPost.set(delivery.postId, delivery.status);
    return byPost;
  }, [deliveryList]);
  const queryClient = useQueryClient();

  const saveText = async (post: Post, content: string) => {
    try {
      await update.mutateAsync({ postId: post.id, version: post.version, changes: { content } });
      notify({ tone: 'success', title: 'Post saved', message: 'Your changes are saved.' });
    } catch (error) {
      if (error instanceof ApiRequestError && error.code === 'stale_version') {
        // The row takes the latest version; the typed text stays in the box, so saving again overwrites.
        await refreshMonth(queryClient, month.id);
        notify({ tone: 'warning', title: 'Changed elsewhere', message: STALE_IN_LIST });
      } else notify({ tone: 'error', title: 'Could not save the post', message: errorMessage(error) });
      throw error;
    }
  };

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Title order={2} fz="xl">
          Content Calendar
        </Title>
        <Group gap="md" align="center">
          {view === 'calendar' && !month.archived && month.posts.length > 0 && (
            <Text size="sm" c="dimmed" visibleFrom="sm">
              Drag a post to move it to another day.
            </Text>
          )}
          <ViewSwitch label="View" name="month-view" value={view} options={VIEWS} onChange={setView} />
        </Group>
      </Group>
      {month.archived && (
        <Alert color="gray" variant="light" icon={<IconLock size={18} />}>
          This month is archived. Content cannot be modified.
        </Alert>
      )}
      {view === 'calendar' ? (
        <MonthCalendar
          month={month}
          posts={month.posts}
          today={month.today}
          archived={month.archived}
          onOpenPost={openPost}
          onAddPost={setAddDate}
          onMovePost={(postId, date) => movePost(postId, date)}
          postActions={actions}
          deliveryStatusOf={(postId) => deliveryStatus.get(postId)}
          approvalShown={showsApproval(month)}
        />
      ) : (
        <Suspense fallback={null}>
          <VisuallyHidden>
            <Title order={3}>Posts of {month.name} in date order</Title>
          </VisuallyHidden>
          <MonthList
            posts={month.posts}
            archived={month.archived}
            approvalShown={showsApproval(month)}
            onOpenPost={openPost}
            onSaveText={saveText}
            onDelete={deletePosts}
            onSchedule={bulk.schedule}
            onRewrite={bulk.rewrite}
          />
        </Suspense>
      )}
      <LoadOnUse wanted={addDate !== null}>
        {(open) => (
          <AddPostModal
            monthId={month.id}
            date={open ? addDate : null}
            dateLabel={addDate ? longDate(addDate) : ''}
            onClose={() => setAddDate(null)}
            onCreated={(postId) => openPost(postId)}
          />
        )}
      </LoadOnUse>
    </Stack>
  );
}
