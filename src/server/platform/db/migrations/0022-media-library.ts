import type { Kysely } from 'kysely';

/**
 * Images for visual posts and a media library (issue 30):
 * - `media_files`: every file a user uploaded or had made, with its alt text (the post's media
 *   description by default, editable). `source`: 'upload', 'template' or 'ai'; `template`: the
 *   template a made image came from. `kept`: 0 for a made image shown as a preview and not (yet) kept;
 *   the library lists kept files only and unkept ones are removed after a day.
 * - `image_jobs`: making one image for one post (a template render or an image model's answer) as a
 *   job on the queue. `batchId`: the generation job that asked for images for its visual posts, null
 *   for one made from the editor. `status`: 'queued', 'running', 'succeeded' or 'failed' (`error`
 *   in words); `files`: JSON list of the made images' file ids (`media_files` rows) once it succeeded, one
 *   per slide for a carousel.
 * - `ai_usage.images`: images made per user and UTC day (IMAGES_PER_USER_PER_DAY).
 * - `generation_jobs.makeImages`: 1 when the month's visual posts get images once it is written.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('media_files')
    .addColumn('userId', 'text', (col) => col.notNull().references('user.id').onDelete('cascade'))
    .addColumn('fileId', 'text', (col) => col.notNull())
    .addColumn('type', 'text', (col) => col.notNull())
    .addColumn('mime', 'text', (col) => col.notNull())
    .addColumn('bytes', 'integer', (col) => col.notNull())
    .addColumn('altText', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('source', 'text', (col) => col.notNull())
    .addColumn('template', 'text')
    .addColumn('kept', 'integer', (col) => col.notNull().defaultTo(1))
    .addColumn('createdAt', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('media_files_pk', ['userId', 'fileId'])
    .execute();
  await db.schema.createIndex('media_files_recent').on('media_files').columns(['userId', 'kept', 'createdAt']).execute();
  await db.schema
    .createTable('image_jobs')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('userId', 'text', (col) => col.notNull().references('user.id').onDelete('cascade'))
    .addColumn('postId', 'text', (col) => col.notNull())
    .addColumn('monthId', 'text', (col) => col.notNull())
    .addColumn('batchId', 'text')
    .addColumn('mode', 'text', (col) => col.notNull())
    .addColumn('template', 'text')
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('files', 'text', (col) => col.notNull().defaultTo('[]'))
    .addColumn('error', 'text')
    .addColumn('createdAt', 'text', (col) => col.notNull())
    .addColumn('updatedAt', 'text', (col) => col.notNull())
    .addColumn('finishedAt', 'text')
    .execute();
  await db.schema.createIndex('image_jobs_post').on('image_jobs').columns(['userId', 'postId', 'createdAt']).execute();
  await db.schema.createIndex('image_jobs_batch').on('image_jobs').columns(['batchId']).execute();
  await db.schema
    .alterTable('ai_usage')
    .addColumn('images', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('generation_jobs')
    .addColumn('makeImages', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
}
