import type { Kysely } from 'kysely';

/**
 * The brand kit in the profile (issue 30): `brandLogo`, the url of one of the user's uploads
 * (/api/media/<file id>), null without a logo; `brandFont`, one of BRAND_FONTS (shared/schemas/brand.ts).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('profiles').addColumn('brandLogo', 'text').execute();
  await db.schema
    .alterTable('profiles')
    .addColumn('brandFont', 'text', (col) => col.notNull().defaultTo('inter'))
    .execute();
}
