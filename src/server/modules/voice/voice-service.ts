import { parse as parseCsv } from 'csv-parse/sync';
import type { Platform } from '@shared/networks';
import { VOICE_EXAMPLE_MAX_LENGTH, VOICE_EXAMPLES_MAX, type VoiceAddResult, type VoiceCsv, type VoiceExamples, type VoicePaste } from '@shared/schemas/voice';
import type { Strategy } from '@shared/schemas/strategy';
import { AppError, notFound } from '../../errors';
import { pickVoiceExamples, type VoiceSample } from '../../ai/voice-examples';
import type { ConnectionRepository } from '../publishing/connection-repository';
import type { SecretBox } from '../publishing/secret-box';
import type { Channels } from '../publishing/channels';
import { isReadableKind } from '@shared/schemas/publishing';
import type { NewVoiceExample, VoiceRepository } from './voice-repository';

interface Deps {
  voice: VoiceRepository;
  connections: Pick<ConnectionRepository, 'find'>;
  box: SecretBox;
  channels: Pick<Channels, 'channelFor'>;
  /** The latest strategy the user saved, to show which examples a month prompt would use. */
  latestStrategy?: (userId: string) => Promise<Strategy | null>;
  now?: () => Date;
}

/** Column names taken as the post text when the CSV does not say (our export's 'content' included). */
const TEXT_COLUMNS = ['text', 'content', 'post', 'message', 'body', 'caption'];

/** The post texts of a CSV: the named column, else the first known text column, else the first column. */
export function csvTexts(csv: string, column?: string): string[] {
  let rows: string[][];
  try {
    rows = parseCsv(csv, { bom: true, relax_column_count: true, skip_empty_lines: true }) as string[][];
  } catch (error) {
    throw new AppError(
      'bad_request',
      `The file is not a readable CSV (${error instanceof Error ? error.message : 'parse error'}). Save it as CSV and try again.`,
      {
        csv: 'Not a readable CSV file.',
      },
    );
  }
  const header = (rows[0] ?? []).map((name) => name.trim().toLowerCase());
  let index = column ? header.indexOf(column.trim().toLowerCase()) : header.findIndex((name) => TEXT_COLUMNS.includes(name));
  if (column && index < 0) throw new AppError('bad_request', `The file has no column named "${column}".`, { column: 'Name a column of the file.' });
  const hasHeader = index >= 0;
  if (!hasHeader) index = 0;
  return rows
    .slice(hasHeader ? 1 : 0)
    .map((row) => (row[index] ?? '').trim())
    .filter((text) => text !== '')
    .map((text) => text.slice(0, VOICE_EXAMPLE_MAX_LENGTH));
}

export const toSamples = (examples: VoiceExamples['examples']): VoiceSample[] => examples.map(({ id, text, network }) => ({ id, text, network }));

/** Settings → "Your voice": the user's examples of the brand's voice, up to 50 (the newest kept). */
export function createVoiceService({ voice, connections, box, channels, latestStrategy, now = () => new Date() }: Deps) {
  async function list(userId: string): Promise<VoiceExamples> {
    const examples = await voice.list(userId);
    const strategy = latestStrategy ? await latestStrategy(userId) : null;
    const networks = (strategy?.platforms ?? []) as Platform[];
    const used = pickVoiceExamples(toSamples(examples), { networks, topic: `${strategy?.keyThemes ?? ''} ${strategy?.additionalInstructions ?? ''}` });
    return { examples, max: VOICE_EXAMPLES_MAX, usedInPrompts: used.map((sample) => sample.id!) };
  }

  async function add(userId: string, examples: NewVoiceExample[]): Promise<VoiceAddResult> {
    const counts = await voice.add(userId, examples, VOICE_EXAMPLES_MAX, now());
    return { ...counts, ...(await list(userId)) };
  }

  return {
    list,
    /** The examples for the writer, newest first. */
    samples: async (userId: string): Promise<VoiceSample[]> => toSamples(await voice.list(userId)),

    paste: (userId: string, input: VoicePaste) =>
      add(
        userId,
        input.texts.map((text) => ({ text, network: input.network, source: 'pasted' as const, sourceId: null, publishedAt: null })),
      ),

    async importCsv(userId: string, input: VoiceCsv) {
      const texts = csvTexts(input.csv, input.column);
      if (texts.length === 0)
        throw new AppError('bad_request', 'The file has no post texts. Put one post per row in a "text" column.', { csv: 'No post texts found.' });
      return add(
        userId,
        texts.map((text) => ({ text, network: input.network, source: 'csv' as const, sourceId: null, publishedAt: null })),
      );
    },

    /** Reads the latest posts of a connected account whose network lets them be read (READABLE_KINDS). */
    async readAccount(userId: string, connectionId: string) {
      const connection = await connections.find(userId, connectionId);
      if (!connection) throw notFound('Connection');
      let credentials: unknown;
      try {
        credentials = box.open(connection.credentials);
      } catch {
        throw new AppError('connection_unreadable', 'This connection can no longer be read. Connect the account again, then try again.');
      }
      const { latestPosts } = channels.channelFor(connection.kind);
      if (!latestPosts || !isReadableKind(connection.kind))
        throw new AppError('bad_request', 'Posts can be read from Bluesky, Mastodon and Facebook Page connections only.', {
          connectionId: 'Pick a Bluesky, Mastodon or Facebook Page connection.',
        });
      // A readable kind is also the network its posts were written for.
      const source = connection.kind;
      const posts = await latestPosts(credentials, now);
      return add(
        userId,
        posts.map((post) => ({ ...post, network: source, source })),
      );
    },

    async remove(userId: string, id: string): Promise<VoiceExamples> {
      if (!(await voice.remove(userId, id))) throw notFound('Example');
      return list(userId);
    },

    async removeAll(userId: string): Promise<VoiceExamples> {
      await voice.removeAll(userId);
      return list(userId);
    },
  };
}

export type VoiceService = ReturnType<typeof createVoiceService>;
