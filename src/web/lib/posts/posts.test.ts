import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { MonthDetail } from '@shared/schemas/month';
import type { Post } from '@shared/schemas/post';
import { mediaFileId } from './api/delete-media';
import { postVersionsQueryOptions } from './api/post-versions';
import { hidePosts, postsAdded, postsChanged, syncPost } from './cache';

const post = (id: string, date: string, extra: Partial<Post> = {}): Post => ({
  id,
  monthId: '2026-12',
  date: `${date}T12:00:00Z`,
  platform: 'linkedin',
  content: `Post ${id}`,
  type: 'text',
  mediaPrompt: '',
  hashtags: [],
  media: [],
  status: 'draft',
  scheduledPlatform: null,
  scheduledTime: null,
  event: null,
  approval: 'waiting',
  evergreen: false,
  evergreenOf: null,
  version: 1,
  createdAt: '2026-11-01T00:00:00.000Z',
  updatedAt: '2026-11-01T00:00:00.000Z',
  ...extra,
});

/** A client holding a month of three posts, the workspace, a post's versions and the month's deliveries. */
function cachedMonth() {
  const queryClient = new QueryClient();
  const month = { id: '2026-12', posts: [post('a', '2026-12-03'), post('b', '2026-12-10'), post('c', '2026-12-20')] } as MonthDetail;
  queryClient.setQueryData(['month', '2026-12'], month);
  queryClient.setQueryData(['workspace'], { any: true });
  queryClient.setQueryData(postVersionsQueryOptions('a').queryKey, { pages: [], pageParams: [] });
  queryClient.setQueryData(['deliveries', 'month', '2026-12'], []);
  queryClient.setQueryData(['deliveries', 'all'], []);
  const stale = (key: readonly unknown[]) => queryClient.getQueryState(key)!.isInvalidated;
  return { queryClient, stale };
}

describe('the post caches', () => {
  it('puts a saved post into the cached month in date order and marks dependent queries stale, deliveries included', async () => {
    const { queryClient, stale } = cachedMonth();

    await syncPost(queryClient, '2026-12', post('a', '2026-12-15', { version: 2 }));

    const cached = queryClient.getQueryData<MonthDetail>(['month', '2026-12'])!;
    expect(cached.posts.map((item) => item.id)).toEqual(['b', 'a', 'c']);
    expect(cached.posts[1]!.version).toBe(2);
    expect(stale(['workspace'])).toBe(true);
    expect(stale(postVersionsQueryOptions('a').queryKey)).toBe(true);
    expect(stale(['deliveries', 'month', '2026-12'])).toBe(true);
    expect(stale(['deliveries', 'all'])).toBe(true);
  });

  it("takes a post's approval from the server's answer: an edit of an approved post shows it waiting again at once", async () => {
    const { queryClient } = cachedMonth();
    queryClient.setQueryData<MonthDetail>(
      ['month', '2026-12'],
      (month) => month && { ...month, posts: month.posts.map((item) => ({ ...item, approval: 'approved' as const })) },
    );

    await syncPost(queryClient, '2026-12', post('b', '2026-12-10', { version: 2, approval: 'waiting', content: 'Edited' }));

    const cached = queryClient.getQueryData<MonthDetail>(['month', '2026-12'])!;
    expect(cached.posts.map((item) => [item.id, item.approval])).toEqual([
      ['a', 'approved'],
      ['b', 'waiting'],
      ['c', 'approved'],
    ]);
  });

  it('reads the month, the counts and every delivery again after a bulk action or a deletion, and only the month and counts after an addition', async () => {
    const changed = cachedMonth();
    await postsChanged(changed.queryClient, '2026-12');
    expect([['month', '2026-12'], ['workspace'], ['deliveries', 'month', '2026-12'], ['deliveries', 'all']].map(changed.stale)).toEqual([
      true,
      true,
      true,
      true,
    ]);

    const added = cachedMonth();
    await postsAdded(added.queryClient, '2026-12');
    expect([['month', '2026-12'], ['workspace'], ['deliveries', 'month', '2026-12']].map(added.stale)).toEqual([true, true, false]);
  });

  it('resolves a bulk action once the month deliveries on screen have been read again, so the marks change with it', async () => {
    const { queryClient } = cachedMonth();
    const key = ['deliveries', 'month', '2026-12'];
    // An observer makes the query active, as the calendar's is; its data is fresh, so only a write reads it again.
    const observer = new QueryObserver(queryClient, { queryKey: key, queryFn: async () => [{ postId: 'a', status: 'scheduled' }], staleTime: Infinity });
    const unsubscribe = observer.subscribe(() => undefined);
    expect(queryClient.getQueryData(key)).toEqual([]);

    await postsChanged(queryClient, '2026-12');

    expect(queryClient.getQueryData(key)).toEqual([{ postId: 'a', status: 'scheduled' }]);
    unsubscribe();
  });

  it('takes deleted posts off the month at once and puts them back when asked', async () => {
    const { queryClient } = cachedMonth();
    const putBack = await hidePosts(queryClient, '2026-12', ['a', 'c']);
    expect(queryClient.getQueryData<MonthDetail>(['month', '2026-12'])!.posts.map((item) => item.id)).toEqual(['b']);
    putBack();
    expect(queryClient.getQueryData<MonthDetail>(['month', '2026-12'])!.posts.map((item) => item.id)).toEqual(['a', 'b', 'c']);
  });

  it('finds the file id in a media url', () => {
    expect(mediaFileId('/api/media/0f8fad5b-d9cb-469f-a165-70867728950e.png')).toBe('0f8fad5b-d9cb-469f-a165-70867728950e.png');
  });
});
