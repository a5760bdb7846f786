import { parse } from 'csv-parse/sync';
import { dateOnly, isDateInMonth, noonUtc } from '@shared/domain/months';
import { postLength } from '@shared/domain/networks';
import { PLATFORM_LABELS, type Platform, type PostType } from '@shared/domain/options';
import { NETWORKS } from '@shared/networks';
import { IMPORT_LIMITS, type ImportPreset, type ImportPreview, type ImportResult, type ImportRow } from '@shared/schemas/import';
import { hashtagSchema, POST_LIMITS, type Post } from '@shared/schemas/post';
import type { importRequestSchema } from '@shared/schemas/import';
import type { z } from 'zod';
import { AppError } from '../../errors';
import type { Access } from '../months/access';
import type { MonthRow } from '../months/month-repository';
import { createUserClock } from '../months/user-clock';
import { newPostRow, type PostRepository } from '../posts/post-repository';
import type { ProfileRepository } from '../profile/profile-repository';
import type { UsageLimits } from '../account/usage-limits';
import { networkOf } from '@shared/networks/names';
import { customLayout, detectPreset, parseDateCell, postTypeOf, PRESET_LAYOUTS, type PresetLayout } from './csv-presets';

type Request = z.output<typeof importRequestSchema>;

interface Deps {
  access: Access;
  posts: PostRepository;
  profiles: ProfileRepository;
  usage: UsageLimits;
  now?: () => Date;
}

/** Our export guards cells against spreadsheet formulas with a leading ' (export-format.ts); reading back undoes it. */
const unguard = (cell: string) => (/^'[=+\-@\t\r]/.test(cell) ? cell.slice(1) : cell);

function readRecords(csv: string): string[][] {
  try {
    return parse(csv, { bom: true, relax_column_count: true, skip_empty_lines: true }) as string[][];
  } catch (error) {
    const line = (error as { lines?: number }).lines;
    throw new AppError(
      'bad_request',
      `The file is not readable as CSV${line ? ` (near line ${line})` : ''}. Save it from your spreadsheet as "CSV UTF-8" and try again.`,
    );
  }
}

const duplicateKey = (day: string, platform: string, content: string) => `${day}|${platform}|${content.trim()}`;

export function createImportService({ access, posts, profiles, usage, now = () => new Date() }: Deps) {
  const clock = createUserClock({ profiles, now });

  /** Reads the file into rows as posts, each with its problems, checked against the month and its posts. */
  function readRows(body: Request, month: MonthRow, existing: Post[], timeZone: string): ImportPreview {
    const records = readRecords(body.csv);
    if (records.length === 0) throw new AppError('bad_request', 'The file has no rows.', { csv: 'Choose a file with at least one post.' });
    const preset: ImportPreset = body.preset ?? detectPreset(records[0]!) ?? 'custom';
    if (preset === 'custom' && !body.mapping)
      throw new AppError('bad_request', 'We could not tell which tool made this file. Choose its format, or pick the columns yourself.', {
        preset: 'Choose the format of the file.',
      });
    const layout: PresetLayout = preset === 'custom' ? customLayout(body.mapping!) : PRESET_LAYOUTS[preset];
    const headers = layout.header ? records[0]!.map((cell) => cell.trim()) : records[0]!.map((_, index) => `Column ${index + 1}`);
    const dataRows = layout.header ? records.slice(1) : records;
    if (dataRows.length > IMPORT_LIMITS.rows)
      throw new AppError('bad_request', `The file has ${dataRows.length} rows; import at most ${IMPORT_LIMITS.rows} at a time.`, { csv: 'Split the file.' });

    const lower = headers.map((header) => header.toLowerCase());
    const column = (names?: string[]) => {
      if (!names) return -1;
      if (!layout.header) return Number(names[0]);
      return lower.findIndex((header) => names.includes(header));
    };
    const at = { date: column(layout.date), text: column(layout.text), network: column(layout.network), hashtags: column(layout.hashtags) };
    const more = { type: column(layout.type), description: column(layout.mediaDescription), media: column(layout.media), link: column(layout.link) };
    if (at.date < 0 || at.text < 0)
      throw new AppError(
        'bad_request',
        `The file has no ${at.date < 0 ? 'date' : 'text'} column for this format. Choose another format, or pick the columns yourself.`,
        {
          preset: 'This format does not match the file.',
        },
      );

    const seen = new Set(existing.map((post) => duplicateKey(dateOnly(post.date), post.platform, post.content)));
    const firstRow = layout.header ? 2 : 1;
    const rows = dataRows.map((record, index): ImportRow => {
      const cell = (position: number) => (position >= 0 ? unguard(record[position] ?? '') : '');
      const problems: string[] = [];
      const notes: string[] = [];
      const { day, time } = parseDateCell(cell(at.date), { dayFirst: layout.dayFirst ?? false, timeZone });
      if (!cell(at.date).trim()) problems.push('The date is empty.');
      else if (!day) problems.push(`"${cell(at.date).trim()}" is not a date we can read (use 2026-12-05 or 2026-12-05 09:30).`);
      else if (!isDateInMonth(day, month)) problems.push(`${day} is not in ${month.name} ${month.year}.`);
      if (time && preset !== 'ours') notes.push(`The time ${time} is not kept: schedule the post to set its time.`);

      const networkCell = cell(at.network).trim();
      let platform: Platform | null = null;
      if (networkCell) {
        platform = networkOf(networkCell);
        if (!platform) problems.push(`"${networkCell}" is not a network we post to.`);
      } else if (body.platform) platform = body.platform;
      else problems.push('The network is missing: choose the network these posts are for.');

      let content = cell(at.text).trim();
      const link = cell(more.link).trim();
      if (link && !content.includes(link)) {
        content = content ? `${content}\n${link}` : link;
        notes.push('The link was added to the text.');
      }
      if (cell(more.media).trim()) notes.push('Media links are not imported: add images in the post editor.');
      const hashtags: string[] = [];
      for (const word of cell(at.hashtags)
        .split(/[\s,]+/)
        .filter(Boolean)) {
        const tag = hashtagSchema.safeParse(word);
        if (tag.success) hashtags.push(tag.data);
        else problems.push(`"${word}" is not a hashtag (one word, no spaces).`);
      }
      if (hashtags.length > POST_LIMITS.hashtags) problems.push(`There are ${hashtags.length} hashtags; keep at most ${POST_LIMITS.hashtags}.`);
      let type: PostType = 'text';
      const typeCell = cell(more.type).trim();
      if (typeCell) {
        const known = postTypeOf(typeCell);
        if (known) type = known;
        else problems.push(`"${typeCell}" is not a post type (text, image, video or carousel).`);
      }
      const mediaPrompt = cell(more.description).trim();
      if (mediaPrompt.length > POST_LIMITS.mediaPrompt) problems.push(`The media description is longer than ${POST_LIMITS.mediaPrompt} characters.`);
      if (!content) problems.push('The text is empty.');
      else if (platform) {
        const length = postLength(platform, content, hashtags, NETWORKS[platform].maxLength + 1);
        if (length > NETWORKS[platform].maxLength || content.length > POST_LIMITS.content)
          problems.push(`The text is too long for ${PLATFORM_LABELS[platform]} (at most ${NETWORKS[platform].maxLength} characters, hashtags included).`);
      }

      let duplicate = false;
      if (day && platform && content) {
        const key = duplicateKey(day, platform, content);
        duplicate = seen.has(key);
        seen.add(key);
      }
      const post = problems.length === 0 && day && platform ? { date: day, platform, type, content, hashtags, mediaPrompt } : null;
      return { row: firstRow + index, post, problems, duplicate, notes };
    });
    return { preset, headers, rows };
  }

  async function prepare(userId: string, monthId: string, body: Request) {
    // An archived month takes no import, so its preview answers 409 archived too, before the user maps columns.
    const month = await access.requireMonth(userId, monthId, { writable: true });
    const { timeZone } = await clock(userId);
    return readRows(body, month, await posts.listByMonth(userId, monthId), timeZone);
  }

  return {
    preview: prepare,

    /** All or nothing: a row with a problem (or an unskipped duplicate) refuses the whole file. */
    async import(userId: string, monthId: string, body: Request): Promise<ImportResult> {
      await access.requireMonth(userId, monthId, { writable: true });
      const { timeZone } = await clock(userId);
      return access.writeInMonth(userId, monthId, async (repositories, month) => {
        // Read inside the transaction, so the duplicates are those of the month as it is written.
        const preview = readRows(body, month, await repositories.posts.listByMonth(userId, monthId), timeZone);
        const refused = preview.rows.filter((row) => row.problems.length > 0 || (row.duplicate && !body.skipDuplicates));
        if (refused.length > 0) {
          const reasons = (row: ImportRow) =>
            row.problems.length > 0 ? row.problems.join(' ') : 'It repeats a post already in the month (same day, network and text).';
          throw new AppError(
            'bad_request',
            `Nothing was imported: ${refused.length === 1 ? 'row' : 'rows'} ${refused.map((row) => row.row).join(', ')} ${refused.length === 1 ? 'needs' : 'need'} fixing.`,
            undefined,
            Object.fromEntries(refused.slice(0, 50).map((row) => [`row ${row.row}`, reasons(row)])),
          );
        }
        const kept = preview.rows.filter((row) => !row.duplicate);
        await usage.assertMonthHasRoom(repositories.posts, userId, monthId, kept.length);
        const at = now().toISOString();
        await repositories.posts.insertMany(kept.map((row) => newPostRow(userId, monthId, { ...row.post!, date: noonUtc(row.post!.date) }, at)));
        return { imported: kept.length, skipped: preview.rows.length - kept.length };
      });
    },
  };
}

export type ImportService = ReturnType<typeof createImportService>;
