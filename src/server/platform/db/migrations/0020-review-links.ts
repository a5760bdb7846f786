import type { Kysely } from 'kysely';

/**
 * The owner approves the month from a link (issue 29):
 * - `review_links`: a link to review a month (or a range of its days) without an account. Only the
 *   SHA-256 of its token is kept (`tokenHash`, unique); every request looks it up, so a revocation
 *   (`revokedAt`) holds at once on every instance. `finishedAt`: when the reviewer last left no post
 *   waiting (the planner is told).
 * - `post_reviews`: each decision or comment a reviewer left on a post, with the post's version they saw;
 *   the planner reads them in the post's history.
 * - `posts.approval`: 'waiting', 'approved' or 'changes_requested'; an edit sets it back to 'waiting'.
 * - `months.requireApproval`: 1 when only approved posts may be published (a post due unapproved is held).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('review_links')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('userId', 'text', (col) => col.notNull().references('user.id').onDelete('cascade'))
    .addColumn('monthId', 'text', (col) => col.notNull())
    .addColumn('tokenHash', 'text', (col) => col.notNull().unique())
    .addColumn('reviewerName', 'text')
    .addColumn('fromDate', 'text')
    .addColumn('toDate', 'text')
    .addColumn('expiresAt', 'text', (col) => col.notNull())
    .addColumn('revokedAt', 'text')
    .addColumn('lastOpenedAt', 'text')
    .addColumn('finishedAt', 'text')
    .addColumn('createdAt', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('review_links_month').on('review_links').columns(['userId', 'monthId']).execute();
  await db.schema
    .createTable('post_reviews')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('userId', 'text', (col) => col.notNull().references('user.id').onDelete('cascade'))
    .addColumn('postId', 'text', (col) => col.notNull())
    .addColumn('linkId', 'text', (col) => col.notNull())
    .addColumn('reviewerName', 'text')
    .addColumn('decision', 'text', (col) => col.notNull())
    .addColumn('comment', 'text')
    .addColumn('postVersion', 'integer', (col) => col.notNull())
    .addColumn('createdAt', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('post_reviews_post').on('post_reviews').columns(['userId', 'postId', 'createdAt']).execute();
  await db.schema
    .alterTable('posts')
    .addColumn('approval', 'text', (col) => col.notNull().defaultTo('waiting'))
    .execute();
  await db.schema
    .alterTable('months')
    .addColumn('requireApproval', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
}
