import { sql, type RawBuilder } from 'kysely';
import type { DbKind } from '../../platform/db/database';

/**
 * A month's posts as the API's JSON (`Post[]` in date order), written by the database as text. The
 * month screen reads 31 posts of 17 columns on every load: turning each row into an object, the
 * object into a `Post` and the posts back into JSON cost more CPU (and, on PostgreSQL, garbage) than
 * the query. It says what `toPost` (post-repository.ts) says, column for column: the live (not
 * cancelled) delivery makes a post scheduled, only image and video media are shown, a list or event
 * stored as something else reads as empty. post-json.api.test.ts holds the two to the same answer.
 *
 * An aggregate over the query's rows of `posts as p` (null where there is none, as in a left join)
 * each joined to its live delivery as `live`.
 */
export function postsJsonAggregate(kind: DbKind): RawBuilder<string> {
  const order = sql`order by "p"."date", "p"."createdAt", "p"."id"`;
  if (kind === 'postgres') {
    // json, not jsonb: it keeps the keys in this order and the stored lists as they were written.
    const typed = (column: string, type: 'array' | 'object') =>
      sql`case when json_typeof(${sql.ref(`p.${column}`)}::json) = ${sql.lit(type)} then ${sql.ref(`p.${column}`)}::json end`;
    // A row of named columns, not json_build_object: PostgreSQL works out each column's JSON kind once
    // per query instead of once per value (about 0.1 ms less a month), and writes no spaces.
    const post = sql`(select "t" from (select "p"."id" as "id", "p"."monthId" as "monthId", "p"."date" as "date",
      "p"."platform" as "platform", "p"."content" as "content", "p"."type" as "type", "p"."mediaPrompt" as "mediaPrompt",
      coalesce(${typed('hashtags', 'array')}, '[]'::json) as "hashtags",
      coalesce((select json_agg("item") from json_array_elements(${typed('media', 'array')}) as "item"
        where "item"->>'type' in ('image', 'video')), '[]'::json) as "media",
      case when "live"."id" is null then 'draft' else 'scheduled' end as "status",
      "live"."platform" as "scheduledPlatform", "live"."timeOfDay" as "scheduledTime",
      ${typed('event', 'object')} as "event",
      "p"."approval" as "approval", "p"."evergreen" = 1 as "evergreen", "p"."evergreenOf" as "evergreenOf",
      "p"."version" as "version", "p"."createdAt" as "createdAt", "p"."updatedAt" as "updatedAt") as "t")`;
    return sql<string>`coalesce(json_agg(${post} ${order}) filter (where "p"."id" is not null), '[]'::json)::text`;
  }
  // SQLite: CASE evaluates in order, so json_type never sees text that is not JSON.
  const typed = (column: string, type: 'array' | 'object') =>
    sql`case when json_valid(${sql.ref(`p.${column}`)}) then case when json_type(${sql.ref(`p.${column}`)}) = ${sql.lit(type)} then json(${sql.ref(`p.${column}`)}) end end`;
  const post = sql`json_object(
    'id', "p"."id", 'monthId', "p"."monthId", 'date', "p"."date", 'platform', "p"."platform",
    'content', "p"."content", 'type', "p"."type", 'mediaPrompt', "p"."mediaPrompt",
    'hashtags', coalesce(${typed('hashtags', 'array')}, json('[]')),
    'media', case when "p"."media" = '[]' then json('[]') else (select json_group_array(json("item"."value"))
      from json_each(coalesce(${typed('media', 'array')}, '[]')) as "item"
      where "item"."type" = 'object' and json_extract("item"."value", '$.type') in ('image', 'video')) end,
    'status', case when "live"."id" is null then 'draft' else 'scheduled' end,
    'scheduledPlatform', "live"."platform", 'scheduledTime', "live"."timeOfDay",
    'event', case when "p"."event" is not null then ${typed('event', 'object')} end,
    'approval', "p"."approval", 'evergreen', json(case when "p"."evergreen" = 1 then 'true' else 'false' end),
    'evergreenOf', "p"."evergreenOf", 'version', "p"."version", 'createdAt', "p"."createdAt", 'updatedAt', "p"."updatedAt")`;
  return sql<string>`json_group_array(${post} ${order}) filter (where "p"."id" is not null)`;
}
