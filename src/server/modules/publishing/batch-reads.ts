import type { Post } from '@shared/schemas/post';
import type { Profile } from '@shared/schemas/profile';
import type { Strategy } from '@shared/schemas/strategy';
import type { ConnectionRepository, ConnectionRow } from './connection-repository';
import type { DeliveryRow } from './delivery-row';
import type { SecretBox } from './secret-box';
import type { PostRepository } from '../posts/post-repository';
import type { MonthRepository } from '../months/month-repository';
import type { ProfileRepository } from '../profile/profile-repository';

export interface BatchReadDeps {
  connections: ConnectionRepository;
  posts: PostRepository;
  /** The months' strategies (a post's calls to action) and the profiles (website, post language), read per batch like the posts. */
  months: Pick<MonthRepository, 'strategies'>;
  profiles: Pick<ProfileRepository, 'find'>;
  box: Pick<SecretBox, 'openText'>;
}

/** What a batch of claimed deliveries reads once, when claimed: per user their posts, their months' strategies and the profile; each route, and its credentials. */
export function createBatchReads({ connections, posts, months, profiles, box }: BatchReadDeps) {
  async function readsFor(rows: DeliveryRow[]) {
    const byUser = new Map<string, string[]>();
    for (const row of rows) byUser.set(row.userId, [...(byUser.get(row.userId) ?? []), row.postId]);
    const found = new Map<string, Post>();
    const strategies = new Map<string, Strategy>();
    const profileOf = new Map<string, Profile | undefined>();
    for (const [userId, postIds] of byUser) {
      const userPosts = await posts.findMany(userId, postIds);
      for (const post of userPosts) found.set(post.id, post);
      const monthIds = [...new Set(userPosts.map((post) => post.monthId))];
      for (const [monthId, strategy] of await months.strategies(userId, monthIds)) strategies.set(`${userId} ${monthId}`, strategy);
      profileOf.set(userId, await profiles.find(userId));
    }
    const routes = new Map<string, Promise<ConnectionRow | undefined>>();
    const opened = new Map<string, string>();
    return {
      post: (row: DeliveryRow) => found.get(row.postId),
      strategy: (userId: string, monthId: string) => strategies.get(`${userId} ${monthId}`),
      profile: (userId: string) => profileOf.get(userId),
      route(row: DeliveryRow) {
        const key = `${row.userId} ${row.platform}`;
        if (!routes.has(key)) routes.set(key, connections.routeFor(row.userId, row.platform));
        return routes.get(key)!;
      },
      /**
       * A connection's credentials, decrypted once per batch (a burst sends hundreds of posts through one
       * connection); each caller gets an object of its own. Throws UnreadableCredentials as the box does.
       */
      credentials(connection: ConnectionRow): unknown {
        let text = opened.get(connection.credentials);
        if (text === undefined) {
          text = box.openText(connection.credentials);
          opened.set(connection.credentials, text);
        }
        return JSON.parse(text);
      },
    };
  }
  type BatchReads = Awaited<ReturnType<typeof readsFor>>;

  /** The batch's reads; when they fail, each delivery records a retry, as a failed send would. */
  return (rows: DeliveryRow[]): Promise<BatchReads> =>
    readsFor(rows).catch((error: unknown) => ({
      post: (): Post => {
        throw error;
      },
      strategy: () => undefined,
      profile: () => undefined,
      route: () => Promise.reject(error),
      credentials: (): unknown => {
        throw error;
      },
    }));
}

export type BatchReads = Awaited<ReturnType<ReturnType<typeof createBatchReads>>>;
