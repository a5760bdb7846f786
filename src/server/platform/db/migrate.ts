import { Migrator, type Migration, type MigrationProvider } from 'kysely';
import * as profiles from './migrations/0001-profiles';
import * as monthsAndPosts from './migrations/0002-months-and-posts';
import * as generationJobs from './migrations/0003-generation-jobs';
import * as postVersions from './migrations/0004-post-versions';
import * as schedulingAndFeedback from './migrations/0005-scheduling-and-feedback';
import * as timeZoneHistory from './migrations/0006-time-zone-history';
import * as jobLeases from './migrations/0006-job-leases';
import * as usageLimits from './migrations/0007-usage-limits';
import * as writerLabelsWithoutAddress from './migrations/0008-writer-labels-without-address';
import * as generationOutcomeAndPostLanguage from './migrations/0009-generation-outcome-and-post-language';
import * as resumableJobs from './migrations/0010-a-resumable-jobs';
import * as publishing from './migrations/0011-publishing';
import * as deletedPosts from './migrations/0012-deleted-posts';
import * as replaceablePosts from './migrations/0013-replaceable-posts';
import * as deliverySentAt from './migrations/0014-delivery-sent-at';
import * as scheduledStateInDeliveries from './migrations/0015-scheduled-state-in-deliveries';
import * as connectedAccounts from './migrations/0016-connected-accounts';
import * as postEvents from './migrations/0017-post-events';
import * as mailOutbox from './migrations/0018-mail-outbox';
import * as notifications from './migrations/0019-notifications';
import * as reviewLinks from './migrations/0020-review-links';
import * as brandKit from './migrations/0021-brand-kit';
import * as mediaLibrary from './migrations/0022-media-library';
import * as voiceAndEvergreen from './migrations/0023-voice-and-evergreen';
import * as generationDraft from './migrations/0024-generation-draft';
import * as connectionRest from './migrations/0025-connection-rest';
import * as monthChangeNotices from './migrations/0026-month-change-notices';
import type { Db } from './database';

/** Migrations are listed here, not read from a folder, so the bundled server carries them. */
const migrations: Record<string, Migration> = {
  '0001-profiles': profiles,
  '0002-months-and-posts': monthsAndPosts,
  '0003-generation-jobs': generationJobs,
  '0004-post-versions': postVersions,
  '0005-scheduling-and-feedback': schedulingAndFeedback,
  '0006-time-zone-history': timeZoneHistory,
  '0006-job-leases': jobLeases,
  '0007-usage-limits': usageLimits,
  '0008-writer-labels-without-address': writerLabelsWithoutAddress,
  '0009-generation-outcome-and-post-language': generationOutcomeAndPostLanguage,
  '0010-a-resumable-jobs': resumableJobs,
  '0011-publishing': publishing,
  '0012-deleted-posts': deletedPosts,
  '0013-replaceable-posts': replaceablePosts,
  '0014-delivery-sent-at': deliverySentAt,
  '0015-scheduled-state-in-deliveries': scheduledStateInDeliveries,
  '0016-connected-accounts': connectedAccounts,
  '0017-post-events': postEvents,
  '0018-mail-outbox': mailOutbox,
  '0019-notifications': notifications,
  '0020-review-links': reviewLinks,
  '0021-brand-kit': brandKit,
  '0022-media-library': mediaLibrary,
  '0023-voice-and-evergreen': voiceAndEvergreen,
  '0024-generation-draft': generationDraft,
  '0025-connection-rest': connectionRest,
  '0026-month-change-notices': monthChangeNotices,
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

/** Runs the migrations not run yet, up to and including `through` when given (a test of one migration starts from the one before). */
export async function migrateToLatest(db: Db, through?: string): Promise<string[]> {
  // Migrations come from parallel branches (each with its own number prefix), so a database may have run
  // a later-named one before an earlier-named one arrives; each is still run exactly once.
  const migrator = new Migrator({ db, provider, allowUnorderedMigrations: true });
  const { error, results } = through === undefined ? await migrator.migrateToLatest() : await migrator.migrateTo(through);
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((result) => result.status === 'Success').map((result) => result.migrationName);
}
