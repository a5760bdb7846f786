import type { Kysely } from 'kysely';

/**
 * Publishing: the user's connections (credentials encrypted), which connection each network routes
 * to, one delivery per scheduled post (claimed with a lease, its id the idempotency key) and each
 * delivery's attempts. Everything goes with the account; a post's delivery goes with the post.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('connections')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('userId', 'text', (col) => col.notNull().references('user.id').onDelete('cascade'))
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('target', 'text', (col) => col.notNull())
    .addColumn('credentials', 'text', (col) => col.notNull())
    .addColumn('createdAt', 'text', (col) => col.notNull())
    .addColumn('updatedAt', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('connections_user').on('connections').column('userId').execute();
  await db.schema
    .createTable('network_routes')
    .addColumn('userId', 'text', (col) => col.notNull().references('user.id').onDelete('cascade'))
    .addColumn('platform', 'text', (col) => col.notNull())
    .addColumn('connectionId', 'text', (col) => col.notNull().references('connections.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('network_routes_pk', ['userId', 'platform'])
    .execute();
  await db.schema
    .createTable('deliveries')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('userId', 'text', (col) => col.notNull().references('user.id').onDelete('cascade'))
    .addColumn('postId', 'text', (col) => col.notNull().unique().references('posts.id').onDelete('cascade'))
    .addColumn('platform', 'text', (col) => col.notNull())
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('dueAt', 'text', (col) => col.notNull())
    .addColumn('nextAttemptAt', 'text', (col) => col.notNull())
    .addColumn('attempts', 'integer', (col) => col.notNull())
    .addColumn('leaseUntil', 'text')
    .addColumn('leaseOwner', 'text')
    .addColumn('connectionId', 'text')
    .addColumn('reason', 'text')
    .addColumn('liveUrl', 'text')
    .addColumn('finishedAt', 'text')
    .addColumn('createdAt', 'text', (col) => col.notNull())
    .addColumn('updatedAt', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('deliveries_due').on('deliveries').columns(['status', 'nextAttemptAt']).execute();
  await db.schema.createIndex('deliveries_user').on('deliveries').columns(['userId', 'status']).execute();
  await db.schema
    .createTable('delivery_attempts')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('deliveryId', 'text', (col) => col.notNull().references('deliveries.id').onDelete('cascade'))
    .addColumn('userId', 'text', (col) => col.notNull().references('user.id').onDelete('cascade'))
    .addColumn('at', 'text', (col) => col.notNull())
    .addColumn('outcome', 'text', (col) => col.notNull())
    .addColumn('detail', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('delivery_attempts_delivery').on('delivery_attempts').columns(['deliveryId', 'at']).execute();
}
