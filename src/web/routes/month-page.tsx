import { Anchor, Breadcrumbs, Center, Group, Loader, Stack, Tabs, Text, Title } from '@mantine/core';
import { IconCalendarEvent, IconClockHour9, IconLock, IconSparkles } from '@tabler/icons-react';
import { lazy, Suspense, useDeferredValue, useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { compareMonths, monthId, monthName, nextMonth, parseMonthId, type MonthRef } from '@shared/domain/months';
import { paths } from '../lib/paths';
import { ErrorState } from '../components/error-state';
import { StatusBadge } from '../components/status-badge';
import { LoadOnUse } from '../components/load-on-use';
import { showsApproval } from '../components/approval-state';
import { CalendarTab } from './calendar-tab';
import { ExportMenu } from '../features/schedule/components/export-menu';
import { ImportMonth } from '../features/import/components/import-month';
import { ShareForReview } from '../features/review-links/components/share-for-review';
import { useOpenPost } from './use-open-post';
import { useMonth } from '../lib/queries/month';
import { ApiRequestError, errorMessage } from '../lib/api-error';
import { resolveTab } from './month-tabs';
import { usePostActions } from './use-post-actions';
import { MonthImagesProgress } from '../features/generation/components/month-images-progress';
import type { MonthDetail } from '@shared/schemas/month';

// The Generate form, the Scheduled tab and the editor are their own chunks: the calendar paints without them.
// The editor's is fetched at the first sign of use (a pointer over the screen, a touch, a focus), so it is
// usually there by the time a post is opened, and otherwise when one is.
const PostEditorDrawer = lazy(() => import('../features/post-editor/components/post-editor-drawer').then((module) => ({ default: module.PostEditorDrawer })));
const ScheduledPosts = lazy(() => import('../features/schedule/components/scheduled-posts').then((module) => ({ default: module.ScheduledPosts })));
const GenerateTab = lazy(() => import('../features/generation/components/generate-tab').then((module) => ({ default: module.GenerateTab })));

const tabLoading = (
  // The name sits on the status region: a bare spinner (a span) may not carry aria-label.
  <Center py={60} role="status" aria-label="Loading">
    <Loader aria-hidden="true" />
  </Center>
);

function NotFound() {
  return (
    <Center py={80}>
      <Stack align="center" gap="xs">
        <Title order={1} fz={24}>
          Month not found
        </Title>
        <Text c="dimmed">It may belong to another account or never have existed.</Text>
        <Anchor component={Link} to={paths.workspace}>
          Back to Workspace
        </Anchor>
      </Stack>
    </Center>
  );
}

/**
 * The header is one element from the first paint to the loaded month: its title comes from the URL, so
 * it shows while the posts load and stays in place (nothing moves when they arrive). The month below
 * it renders as a deferred update, in slices between frames, even when its data is already here: the
 * header paints first and the page answers input while the calendar fills in.
 */
export function MonthPage() {
  const { id = '' } = useParams();
  const month = useMonth(id);
  // `null`, not `undefined`, as the first value: React ignores an undefined initial value and would
  // render the whole month in the first render whenever its data is already in the cache.
  const data = useDeferredValue(month.data ?? null, null) ?? undefined;
  const ref = parseMonthId(id);

  if (month.isError || !ref) {
    const missing = !ref || (month.error instanceof ApiRequestError && (month.error.status === 404 || month.error.status === 400));
    if (missing) return <NotFound />;
    return <ErrorState title="Could not load this month" message={errorMessage(month.error)} onRetry={() => void month.refetch()} />;
  }

  return (
    <>
      <MonthHeader monthRef={ref} data={data} />
      {data ? (
        <MonthScreen data={data} />
      ) : (
        <Center py={80} role="status">
          <Stack align="center" gap="sm">
            <Loader aria-hidden="true" />
            <Text c="dimmed">Loading...</Text>
          </Stack>
        </Center>
      )}
    </>
  );
}

function MonthHeader({ monthRef, data }: { monthRef: MonthRef; data: MonthDetail | undefined }) {
  const title = `${monthName(monthRef.month)} ${monthRef.year}`;
  return (
    <>
      <Breadcrumbs mb="xs" separator="›">
        <Anchor component={Link} to={paths.workspace} size="sm">
          Workspace
        </Anchor>
        <Text size="sm" c="dimmed">
          {title}
        </Text>
      </Breadcrumbs>
      <Group justify="space-between" align="center" mb="lg">
        <Group gap="sm">
          <Title order={1} fz={28}>
            {title}
          </Title>
          {data &&
            (data.archived ? (
              <StatusBadge tone="neutral" icon={<IconLock size={12} aria-hidden="true" />}>
                Archived
              </StatusBadge>
            ) : isUpcoming(data) ? (
              <StatusBadge tone="brand">Upcoming</StatusBadge>
            ) : (
              <StatusBadge tone="positive">Active</StatusBadge>
            ))}
        </Group>
        <Group gap="sm">
          {data && <ImportMonth month={data} />}
          {data && <ShareForReview month={data} />}
          <ExportMenu monthId={monthId(monthRef)} disabled={!data || data.posts.length === 0} />
        </Group>
      </Group>
    </>
  );
}

/** Planned further ahead than next month ('Plan a later month'): writable like the active months. */
function isUpcoming(month: MonthDetail): boolean {
  const [year, monthNumber] = month.today.split('-').map(Number);
  return compareMonths(month, nextMonth({ year: year!, month: monthNumber! })) > 0;
}

/** The loaded month below its header: tabs and the editor drawer. */
function MonthScreen({ data }: { data: MonthDetail }) {
  const [search, setSearch] = useSearchParams();
  const openPost = useOpenPost();
  const { actions, deletePosts, copyModal } = usePostActions(data);
  const tab = resolveTab(search.get('tab'), data);
  const [editorWarm, setEditorWarm] = useState(false);
  const warmEditor = () => {
    if (!editorWarm) setEditorWarm(true);
  };
  const postId = search.get('post') && data.posts.some((post) => post.id === search.get('post')) ? search.get('post') : null;
  const selectTab = (next: string | null) => {
    if (!next) return;
    const params = new URLSearchParams(search);
    params.set('tab', next);
    setSearch(params);
  };

  return (
    <div onPointerOver={warmEditor} onTouchStart={warmEditor} onFocusCapture={warmEditor}>
      <MonthImagesProgress monthId={data.id} posts={data.posts} />
      <Tabs value={tab} onChange={selectTab} keepMounted={false}>
        <Tabs.List mb="lg" style={{ flexWrap: 'nowrap', overflowX: 'auto', overflowY: 'hidden' }}>
          {!data.archived && (
            <Tabs.Tab value="generate" leftSection={<IconSparkles size={16} aria-hidden="true" />}>
              Generate
            </Tabs.Tab>
          )}
          <Tabs.Tab value="calendar" leftSection={<IconCalendarEvent size={16} aria-hidden="true" />}>
            Calendar
          </Tabs.Tab>
          <Tabs.Tab value="scheduled" leftSection={<IconClockHour9 size={16} aria-hidden="true" />}>
            Scheduled
          </Tabs.Tab>
        </Tabs.List>
        {!data.archived && (
          <Tabs.Panel value="generate">
            <Suspense fallback={tabLoading}>
              <GenerateTab month={data} onGenerated={() => selectTab('calendar')} />
            </Suspense>
          </Tabs.Panel>
        )}
        <Tabs.Panel value="calendar">
          <CalendarTab month={data} actions={actions} deletePosts={deletePosts} />
        </Tabs.Panel>
        <Tabs.Panel value="scheduled">
          <Suspense fallback={tabLoading}>
            <ScheduledPosts monthId={data.id} posts={data.posts} onOpenPost={openPost} />
          </Suspense>
        </Tabs.Panel>
      </Tabs>
      <LoadOnUse wanted={postId !== null} warm={editorWarm}>
        {(open) => (
          <PostEditorDrawer
            monthId={data.id}
            posts={data.posts}
            postId={open ? postId : null}
            archived={data.archived}
            approval={showsApproval(data) ? { required: data.requireApproval } : undefined}
            onClose={() => openPost(null)}
            onNavigate={openPost}
            actions={actions}
          />
        )}
      </LoadOnUse>
      {copyModal}
    </div>
  );
}
