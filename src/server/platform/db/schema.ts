import type { ConnectionsTable, OAuthGrantsTable, NetworkRoutesTable, DeliveriesTable, DeliveryAttemptsTable } from './schema-publishing';

export type { ConnectionsTable, OAuthGrantsTable, NetworkRoutesTable, DeliveriesTable, DeliveryAttemptsTable } from './schema-publishing';

/**
 * Row types of our own tables. Columns are camelCase like better-auth's, so one Kysely instance
 * serves both without a naming plugin. Timestamps are ISO strings, booleans 0/1, lists JSON text:
 * the same values on SQLite and PostgreSQL.
 */
export interface ProfilesTable {
  userId: string;
  name: string;
  companyName: string;
  description: string;
  industry: string;
  toneOfVoice: string;
  brandColors: string;
  /** The logo's url (/api/media/<file id>), null without one (0021-brand-kit.ts). */
  brandLogo: string | null;
  brandFont: string;
  website: string;
  targetAudience: string;
  businessGoals: string;
  completedOnboarding: number;
  updatedAt: string | null;
  timeZone: string;
  /** When the user last set their zone; null while the starting UTC is in force. */
  timeZoneSetAt: string | null;
  /** The last month (id) that had ended in a zone the user left: it stays archived. */
  archivedThrough: string | null;
  postLanguage: string;
}

export interface MonthsTable {
  userId: string;
  id: string;
  name: string;
  year: number;
  month: number;
  contentGenerated: number;
  lastGeneratedAt: string | null;
  strategy: string | null;
  /** 1 when only approved posts may be published (0020-review-links.ts). */
  requireApproval: number;
  createdAt: string;
  updatedAt: string;
}

export interface PostsTable {
  id: string;
  userId: string;
  monthId: string;
  date: string;
  platform: string;
  content: string;
  type: string;
  mediaPrompt: string;
  hashtags: string;
  media: string;
  /** The offer or event the post announces (`PostEvent` as JSON); null for an update. */
  event: string | null;
  /** 'waiting', 'approved' or 'changes_requested' (a reviewer's, through a review link); an edit sets it back to 'waiting'. */
  approval: string;
  /** 1 for a post the user marked evergreen: it may come back, reworded, in later months (migration 0023). */
  evergreen: number;
  /** The evergreen post this one is a reworded copy of; null otherwise. How often one came back is read from it. */
  evergreenOf: string | null;
  // Whether, where and when a post goes out is its delivery's (DeliveriesTable); the post's
  // status, scheduledPlatform and scheduledTime are read from it (post-repository.ts).
  version: number;
  createdAt: string;
  updatedAt: string;
}

export interface GenerationJobsTable {
  id: string;
  userId: string;
  monthId: string;
  status: string;
  planned: number;
  written: number;
  replaceExisting: number;
  error: string | null;
  problems: string;
  writer: string;
  createdAt: string;
  updatedAt: string;
  finishedAt: string | null;
  leaseUntil: string | null;
  kept: number;
  /** JSON list of sentences: the posts the server shortened to fit their platform. */
  shortened: string;
  /** JSON list of the slots (PostSlot) that could not be written, for a retry of just those. */
  unwrittenSlots: string;
  /** The run holding the lease (a random token); null until a runner takes the job. */
  leaseOwner: string | null;
  /** The strategy and planned slots (JSON) the job writes; null on jobs from before they were kept. */
  strategy: string | null;
  slots: string | null;
  /**
   * A replacing job's posts as its start found them, JSON `{ [postId]: updatedAt }`: the commit deletes
   * only those unchanged. Null on jobs that replace nothing and on jobs from before it was kept.
   */
  replaceable: string | null;
  /** 1 when the month's image and carousel posts get made images once it is written. */
  makeImages: number;
  /** JSON GenerationDraft: the first post's text so far while none is written; null otherwise. */
  draft: string | null;
}

export interface UploadsInFlightTable {
  id: string;
  userId: string;
  /** When this slot is given up even if its upload never said it ended (a crashed instance). */
  until: string;
}

export interface GenerationJobPostsTable {
  jobId: string;
  slotIndex: number;
  post: string;
}

export interface PostVersionsTable {
  id: string;
  postId: string;
  userId: string;
  content: string;
  hashtags: string;
  replacedBy: string;
  instruction: string | null;
  createdAt: string;
}

export interface FeedbackTable {
  id: string;
  userId: string;
  message: string;
  rating: number | null;
  createdAt: string;
}

export interface AiUsageTable {
  userId: string;
  /** The UTC day, YYYY-MM-DD. */
  day: string;
  requests: number;
  /** Images made (templates and image model) that day (IMAGES_PER_USER_PER_DAY). */
  images: number;
}

/** A deleted post while its deletion can be undone: its row and versions as JSON text. */
export interface DeletedPostsTable {
  postId: string;
  userId: string;
  monthId: string;
  post: string;
  versions: string;
  deletedAt: string;
}

/** What happened, for one user (0019-notifications.ts). */
export interface NotificationsTable {
  id: string;
  userId: string;
  /** The event it is about, unique per user: one event notifies once. */
  key: string;
  kind: string;
  title: string;
  body: string;
  postId: string | null;
  monthId: string | null;
  connectionId: string | null;
  /** By e-mail: 'immediate' or 'digest' while waiting, then 'sent' or 'skipped'. */
  mail: string;
  createdAt: string;
  readAt: string | null;
}

/** A user's notification choices (booleans 0/1); no row means the defaults. */
export interface NotificationSettingsTable {
  userId: string;
  immediateEmails: number;
  dailyDigest: number;
  weeklyPreview: number;
  version: number;
  /** The user's local day (YYYY-MM-DD) the last digest, and the last "Going out this week", went out. */
  digestSentOn: string | null;
  weeklySentOn: string | null;
  updatedAt: string;
}

/** One e-mail in the outbox (0018-mail-outbox.ts). */
export interface MailOutboxTable {
  id: string;
  /** The event and recipient (OutgoingMail.key): unique, so one event never e-mails one person twice. */
  key: string;
  userId: string;
  /** The recipient's address. */
  recipient: string;
  subject: string;
  /** Emptied once the message is sent or has failed (a reset link must not outlive its use). */
  text: string;
  html: string;
  unsubscribeUrl: string | null;
  /** waiting, sending, sent or failed. */
  status: string;
  attempts: number;
  nextAttemptAt: string;
  leaseOwner: string | null;
  leaseUntil: string | null;
  lastError: string | null;
  createdAt: string;
  sentAt: string | null;
  updatedAt: string;
}

/** A link to review a month without an account (0020-review-links.ts); only its token's SHA-256 is kept. */
export interface ReviewLinksTable {
  id: string;
  userId: string;
  monthId: string;
  tokenHash: string;
  reviewerName: string | null;
  /** The range of the month's days it shows (YYYY-MM-DD, inclusive); null for the whole month. */
  fromDate: string | null;
  toDate: string | null;
  expiresAt: string;
  revokedAt: string | null;
  lastOpenedAt: string | null;
  /** When the reviewer last left no post of the link waiting. */
  finishedAt: string | null;
  createdAt: string;
}

/** A reviewer's decision on a post, with an optional comment and the post version they saw. */
export interface PostReviewsTable {
  id: string;
  userId: string;
  postId: string;
  linkId: string;
  reviewerName: string | null;
  /** 'approved' or 'changes_requested'. */
  decision: string;
  comment: string | null;
  postVersion: number;
  createdAt: string;
}

/** A post the business already published, kept as an example of its voice (migration 0023). */
export interface VoiceExamplesTable {
  id: string;
  userId: string;
  text: string;
  /** The network it was written for, when known (a PLATFORMS value). */
  network: string | null;
  /** Pasted, csv, or the network it was read from (VOICE_SOURCES). */
  source: string;
  /** The post's id on its network; null for pasted text. */
  sourceId: string | null;
  publishedAt: string | null;
  createdAt: string;
}

/** A file in a user's media library (migration 0022). */
export interface MediaFilesTable {
  userId: string;
  /** The stored file's name, `<uuid>.<ext>`; posts refer to it as /api/media/<fileId>. */
  fileId: string;
  /** 'image' or 'video'. */
  type: string;
  mime: string;
  bytes: number;
  altText: string;
  /** 'upload', 'template' or 'ai' (MEDIA_SOURCES). */
  source: string;
  template: string | null;
  /** 0 while a made image is only a preview; the library lists kept files. */
  kept: number;
  createdAt: string;
}

/** Making one image for one post, as a job on the queue (migration 0022). */
export interface ImageJobsTable {
  id: string;
  userId: string;
  postId: string;
  monthId: string;
  /** The generation job that asked for it; null when made from the editor. */
  batchId: string | null;
  /** 'template' or 'ai'. */
  mode: string;
  template: string | null;
  /** 'queued', 'running', 'succeeded' or 'failed' (IMAGE_JOB_STATUSES). */
  status: string;
  /** JSON list of the made images' file ids (one per carousel slide); empty until it succeeded. */
  files: string;
  error: string | null;
  createdAt: string;
  updatedAt: string;
  finishedAt: string | null;
}

export interface DatabaseSchema {
  profiles: ProfilesTable;
  months: MonthsTable;
  posts: PostsTable;
  generation_jobs: GenerationJobsTable;
  generation_job_posts: GenerationJobPostsTable;
  post_versions: PostVersionsTable;
  feedback: FeedbackTable;
  ai_usage: AiUsageTable;
  deleted_posts: DeletedPostsTable;
  uploads_in_flight: UploadsInFlightTable;
  connections: ConnectionsTable;
  network_routes: NetworkRoutesTable;
  oauth_grants: OAuthGrantsTable;
  deliveries: DeliveriesTable;
  delivery_attempts: DeliveryAttemptsTable;
  notifications: NotificationsTable;
  notification_settings: NotificationSettingsTable;
  mail_outbox: MailOutboxTable;
  review_links: ReviewLinksTable;
  post_reviews: PostReviewsTable;
  media_files: MediaFilesTable;
  voice_examples: VoiceExamplesTable;
  image_jobs: ImageJobsTable;
}
