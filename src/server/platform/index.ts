import path from 'node:path';
import type { Config } from '../config';
import type { DatabaseHandle } from './db/database';
import type { Logger } from './logger';
import { createDiskMediaStore, type MediaStore } from './media-store/media-store';
import { createS3MediaStore } from './media-store/s3-media-store';
import { createLocalNotifier, createPostgresNotifier, type Notifier } from './notifier';
import { createPgBossQueue } from './queue/pg-boss-queue';
import { createInProcessQueue, type JobQueue } from './queue/queue';

/**
 * Where uploaded files are kept: the bucket with MEDIA_STORE=s3 (uploads pass through DATA_DIR on their
 * way), else DATA_DIR/media.
 */
export async function mediaStoreFor(config: Pick<Config, 'media' | 'dataDir'>): Promise<MediaStore> {
  if (config.media.kind !== 's3') return createDiskMediaStore(path.join(config.dataDir, 'media'));
  return createS3MediaStore(config.media, path.join(config.dataDir, 'uploads-incoming'));
}

/** How instances tell each other of changes: LISTEN/NOTIFY on PostgreSQL, events in this process on SQLite. */
export async function notifierFor(config: Pick<Config, 'database'>, database: DatabaseHandle, log: Logger): Promise<Notifier> {
  return config.database.kind === 'postgres' ? createPostgresNotifier(database, config.database.url, log) : createLocalNotifier();
}

/**
 * Where jobs go: pg-boss on PostgreSQL (any instance that runs workers takes them; a send wakes idle
 * workers everywhere through `notifier`), else a queue in this process.
 */
export async function queueFor(config: Pick<Config, 'database' | 'jobLeaseSeconds' | 'queuePollSeconds'>, log: Logger, notifier: Notifier): Promise<JobQueue> {
  if (config.database.kind !== 'postgres') return createInProcessQueue(log);
  return createPgBossQueue(config.database.url, log, {
    maintenanceIntervalSeconds: Math.max(1, Math.min(60, Math.round(config.jobLeaseSeconds / 2))),
    pollingIntervalSeconds: config.queuePollSeconds,
    notifier,
  });
}
