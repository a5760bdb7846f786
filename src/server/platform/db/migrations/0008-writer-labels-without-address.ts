import { sql, type Kysely } from 'kysely';

/**
 * Job labels used to name an OpenAI-compatible provider by its host ('10.0.0.5:11434 llama3.1'),
 * and users can read them; they now say 'OpenAI-compatible server llama3.1'. OpenAI's own and the
 * template writer's labels never held an address.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const { rows } = await sql<{ id: string; writer: string }>`
    select id, writer from generation_jobs where writer not like 'OpenAI %' and writer not like 'Built-in %'`.execute(db);
  for (const { id, writer } of rows) {
    const model = writer.includes(' ') ? writer.slice(writer.indexOf(' ') + 1) : '';
    await sql`update generation_jobs set writer = ${`OpenAI-compatible server ${model}`.trim()} where id = ${id}`.execute(db);
  }
}
