import { isArchived, parseMonthId } from '@shared/domain/months';
import type { Post } from '@shared/schemas/post';
import type { MonthRepository, MonthRow } from './month-repository';
import type { PostRepository } from '../posts/post-repository';
import type { ProfileRepository } from '../profile/profile-repository';
import type { Repositories, Transact } from '../../platform/db/transact';
import { AppError, notFound } from '../../errors';
import { createUserClock } from './user-clock';

/** A write that carried an older version than the stored one. */
export const STALE_MESSAGE =
  'This post was changed in another tab or window since you opened it. Reload it to see the latest version, or overwrite it with yours.';

export const ARCHIVED_MESSAGE = 'This month is archived. Content cannot be modified.';

type Readers = Pick<Repositories, 'months' | 'posts' | 'profiles'>;

/** What `requirePost` answers: the post and, when it was asked to be writable, its month. */
export type PostAccess<Writable extends boolean> = Writable extends true ? { post: Post; month: MonthRow } : { post: Post };

interface Deps {
  months: MonthRepository;
  posts: PostRepository;
  profiles: ProfileRepository;
  transact: Transact;
  now?: () => Date;
}

/**
 * The one access guard for posts and months. A post or month of someone else is "not found" (404, as
 * if it did not exist); asked for `writable`, an archived month answers 409 `archived`.
 *
 * `requirePost` / `requireMonth` are the early check, the first line of a service method: a request
 * bound to fail fails before slow work (a writer call, an upload). `writeToPost` / `writeInMonth` run
 * the same check again inside the transaction that writes, and that one is binding: a month can end,
 * or a post go, while the slow work runs.
 */
export function createAccess({ months, posts, profiles, transact, now = () => new Date() }: Deps) {
  const repositories: Readers = { months, posts, profiles };
  const clock = createUserClock({ profiles, now });

  async function checkMonth(from: Readers, userId: string, monthId: string, writable: boolean): Promise<MonthRow> {
    if (!parseMonthId(monthId)) throw notFound('Month');
    const month = await from.months.find(userId, monthId);
    if (!month) throw notFound('Month');
    if (writable && isArchived(month, (await clock(userId, from.profiles)).current)) throw new AppError('archived', ARCHIVED_MESSAGE);
    return month;
  }

  async function checkPost(from: Readers, userId: string, postId: string, writable: boolean): Promise<{ post: Post; month?: MonthRow }> {
    const post = await from.posts.find(userId, postId);
    if (!post) throw notFound('Post');
    return writable ? { post, month: await checkMonth(from, userId, post.monthId, true) } : { post };
  }

  return {
    /** The early check of a month: the user's (else 404) and, with `writable`, not archived (else 409). */
    requireMonth(userId: string, monthId: string, { writable = false }: { writable?: boolean } = {}): Promise<MonthRow> {
      return checkMonth(repositories, userId, monthId, writable);
    },

    /** The early check of a post: the user's (else 404) and, with `writable`, in a month not archived (else 409). */
    requirePost<Writable extends boolean = false>(userId: string, postId: string, { writable }: { writable?: Writable } = {}): Promise<PostAccess<Writable>> {
      return checkPost(repositories, userId, postId, writable ?? false) as Promise<PostAccess<Writable>>;
    },

    /** Runs `write` in one transaction once, inside it, the month is found writable (the binding check). */
    writeInMonth<T>(userId: string, monthId: string, write: (repositories: Repositories, month: MonthRow) => Promise<T>): Promise<T> {
      return transact(async (inTransaction) => write(inTransaction, await checkMonth(inTransaction, userId, monthId, true)));
    },

    /** Runs `write` in one transaction once, inside it, the post is the user's and its month writable (the binding check). */
    writeToPost<T>(userId: string, postId: string, write: (repositories: Repositories, post: Post, month: MonthRow) => Promise<T>): Promise<T> {
      return transact(async (inTransaction) => {
        const { post, month } = await checkPost(inTransaction, userId, postId, true);
        return write(inTransaction, post, month!);
      });
    },
  };
}

export type Access = ReturnType<typeof createAccess>;
