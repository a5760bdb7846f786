import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { parseTrustProxy, type TrustProxy } from './middleware/client-address';
import { imageModelConfig, type ImageModelConfig } from './image-model-config';
import { mailConfig, type MailConfig } from './mail-config';
import { providersConfig, type ProvidersConfig } from './provider-config';

/** Raised for a bad configuration value; main.ts prints its one-sentence message and exits. */
export class ConfigError extends Error {}

const optionalText = z.string().trim().min(1).optional();

/** What one user may use of the shared server (docs/operations.md). */
export interface Limits {
  /** Requests to the AI provider per user per UTC day. */
  aiRequestsPerDay: number;
  /** Posts one month of one user may hold. */
  postsPerMonth: number;
  /** Earlier texts kept per post; the oldest are dropped. */
  versionsPerPost: number;
  /** Uploads one user may have in progress at once. */
  uploadsInFlightPerUser: number;
  /** Images made (templates and image model) per user per UTC day. */
  imagesPerDay: number;
}

export const DEFAULT_LIMITS: Limits = { aiRequestsPerDay: 200, postsPerMonth: 200, versionsPerPost: 50, uploadsInFlightPerUser: 3, imagesPerDay: 50 };

/** Requests a minute to the review pages' API (no session), per review link and per client address; each instance counts its own. */
export interface ReviewRateLimits {
  perLink: number;
  perAddress: number;
}

export const DEFAULT_REVIEW_RATE_LIMITS: ReviewRateLimits = { perLink: 120, perAddress: 300 };

/** Posts one worker sends at once (PUBLISH_LANES): each waits on its network's answer, so lanes cost little CPU. */
export const DEFAULT_PUBLISH_LANES = 25;

/** A per-user limit: a whole number of at least 1. */
function limit(name: string, fallback: number) {
  const message = `${name} must be a whole number of at least 1`;
  return z.coerce.number({ error: message }).int(message).min(1, message).default(fallback);
}

const envSchema = z.object({
  PORT: z.coerce
    .number({ error: 'PORT must be a whole number between 0 and 65535' })
    .int('PORT must be a whole number between 0 and 65535')
    .min(0, 'PORT must be a whole number between 0 and 65535')
    .max(65535, 'PORT must be a whole number between 0 and 65535')
    .default(3000),
  HOST: z.string().trim().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().trim().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .trim()
    .regex(/^postgres(ql)?:\/\/\S+$/, 'DATABASE_URL must be a postgres:// connection URL')
    .optional(),
  AI_BASE_URL: z.url({ error: 'AI_BASE_URL must be an http(s) URL such as http://127.0.0.1:11434/v1' }).optional(),
  AI_API_KEY: optionalText,
  AI_MODEL: optionalText,
  OPENAI_API_KEY: optionalText,
  AUTH_SECRET: z.string().min(32, 'AUTH_SECRET must be at least 32 characters long').optional(),
  PUBLIC_URL: z.url({ error: 'PUBLIC_URL must be an http(s) URL such as https://planner.example.com' }).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Slows nothing down; lets tests and benchmarks raise or lower the sign-in limits. */
  AUTH_RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(10),
  TRUST_PROXY: z
    .string()
    .transform((value, ctx) => {
      const trust = parseTrustProxy(value);
      if (trust) return trust;
      ctx.addIssue({
        code: 'custom',
        message: 'TRUST_PROXY must be a number of proxy hops (such as 1) or a comma-separated list of proxy IP addresses (such as 10.0.0.2,10.0.0.3)',
      });
      return z.NEVER;
    })
    .optional(),
  AI_REQUESTS_PER_DAY: limit('AI_REQUESTS_PER_DAY', DEFAULT_LIMITS.aiRequestsPerDay),
  POSTS_PER_MONTH_MAX: limit('POSTS_PER_MONTH_MAX', DEFAULT_LIMITS.postsPerMonth),
  VERSIONS_PER_POST: limit('VERSIONS_PER_POST', DEFAULT_LIMITS.versionsPerPost),
  UPLOADS_IN_FLIGHT_PER_USER: limit('UPLOADS_IN_FLIGHT_PER_USER', DEFAULT_LIMITS.uploadsInFlightPerUser),
  IMAGES_PER_USER_PER_DAY: limit('IMAGES_PER_USER_PER_DAY', DEFAULT_LIMITS.imagesPerDay),
  REVIEW_RATE_LIMIT_PER_LINK: limit('REVIEW_RATE_LIMIT_PER_LINK', DEFAULT_REVIEW_RATE_LIMITS.perLink),
  REVIEW_RATE_LIMIT_PER_ADDRESS: limit('REVIEW_RATE_LIMIT_PER_ADDRESS', DEFAULT_REVIEW_RATE_LIMITS.perAddress),
  ROLE: z.enum(['all', 'web', 'worker'], { error: 'ROLE must be all, web or worker' }).default('all'),
  JOB_LEASE_SECONDS: z.coerce
    .number({ error: 'JOB_LEASE_SECONDS must be a whole number of seconds between 2 and 3600' })
    .int('JOB_LEASE_SECONDS must be a whole number of seconds between 2 and 3600')
    .min(2, 'JOB_LEASE_SECONDS must be a whole number of seconds between 2 and 3600')
    .max(3600, 'JOB_LEASE_SECONDS must be a whole number of seconds between 2 and 3600')
    .default(60),
  QUEUE_POLL_SECONDS: z.coerce
    .number({ error: 'QUEUE_POLL_SECONDS must be a number of seconds between 0.5 and 3600' })
    .min(0.5, 'QUEUE_POLL_SECONDS must be a number of seconds between 0.5 and 3600')
    .max(3600, 'QUEUE_POLL_SECONDS must be a number of seconds between 0.5 and 3600')
    .optional(),
  MEDIA_STORE: z.enum(['disk', 's3'], { error: 'MEDIA_STORE must be disk or s3' }).default('disk'),
  S3_ENDPOINT: z.url({ error: 'S3_ENDPOINT must be an http(s) URL such as https://s3.eu-central-1.amazonaws.com' }).optional(),
  S3_BUCKET: optionalText,
  S3_REGION: optionalText,
  S3_ACCESS_KEY_ID: optionalText,
  S3_SECRET_ACCESS_KEY: optionalText,
  ENCRYPTION_KEY: z.string().min(32, 'ENCRYPTION_KEY must be at least 32 characters long').optional(),
  PUBLISH_LATE_WINDOW: z
    .string()
    .trim()
    .regex(/^\d{1,6}(s|m|h)$/, 'PUBLISH_LATE_WINDOW must be a duration such as 90s, 30m or 1h')
    .transform((value) => Number(value.slice(0, -1)) * { s: 1000, m: 60_000, h: 3_600_000 }[value.slice(-1) as 's' | 'm' | 'h'])
    .default(3_600_000),
  PUBLISH_LANES: z.coerce
    .number({ error: 'PUBLISH_LANES must be a whole number between 1 and 1000' })
    .int('PUBLISH_LANES must be a whole number between 1 and 1000')
    .min(1, 'PUBLISH_LANES must be a whole number between 1 and 1000')
    .max(1000, 'PUBLISH_LANES must be a whole number between 1 and 1000')
    .default(DEFAULT_PUBLISH_LANES),
  PUBLISH_ALLOW_PRIVATE_URLS: z
    .enum(['true', 'false'], { error: 'PUBLISH_ALLOW_PRIVATE_URLS must be true or false' })
    .transform((value) => value === 'true')
    .default(false),
  /** The LinkedIn app has the Community Management API (LinkedIn reviews it): connecting offers the Pages the member administers. */
  LINKEDIN_ORGANIZATIONS: z
    .enum(['true', 'false'], { error: 'LINKEDIN_ORGANIZATIONS must be true or false' })
    .transform((value) => value === 'true')
    .default(false),
});

/** An S3-compatible bucket for media (MEDIA_STORE=s3). */
export interface S3Config {
  /** Unset for AWS S3 itself; MinIO, R2, Garage and the like name theirs (path-style addressing then). */
  endpoint?: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
}

/** What this instance does: serve the app (web), run queued jobs (worker), or both (all, the default). */
export type Role = 'all' | 'web' | 'worker';

/** Publishing (docs/publishing.md): the key that seals connection credentials and the outbound rules. */
export interface PublishingConfig {
  /** ENCRYPTION_KEY, or AUTH_SECRET without it. */
  encryptionKey: string;
  /** Posts later than this after downtime are 'missed', not sent. */
  lateWindowMs: number;
  /** Posts one worker sends at once (PUBLISH_LANES); a post waiting on a slow network holds one. */
  lanes: number;
  /** Lets connections reach private and loopback addresses, and plain http (a LAN's own n8n; tests). */
  allowPrivateUrls: boolean;
  /** The OAuth apps the operator configured (Facebook, Instagram, Threads); a provider not here is not offered. */
  providers: ProvidersConfig;
}

export type AiConfig = { kind: 'offline' } | { kind: 'openai-compatible'; baseURL: string; apiKey: string | undefined; model: string; provider: string };

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  database: { kind: 'sqlite'; file: string } | { kind: 'postgres'; url: string };
  ai: AiConfig;
  /** AI_IMAGE_MODEL and its endpoint; unset, images come from templates only. */
  imageModel: ImageModelConfig | undefined;
  authSecret: string;
  publicUrl: string;
  /** Origins whose browser requests may change state: PUBLIC_URL, or the local addresses of HOST:PORT. */
  trustedOrigins: string[];
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  authRateLimitMax: number;
  /** Which proxies may name the client in X-Forwarded-For; unset trusts nobody. */
  trustProxy: TrustProxy;
  limits: Limits;
  /** REVIEW_RATE_LIMIT_PER_LINK and _PER_ADDRESS: review-page requests a minute. */
  reviewRateLimits: ReviewRateLimits;
  role: Role;
  /** How long a generation job holds its month without its runner's heartbeat. */
  jobLeaseSeconds: number;
  /**
   * How often an idle worker looks for queued jobs on PostgreSQL without being woken (a send wakes
   * them at once): a quarter of the lease, 0.5 to 2 s, unless QUEUE_POLL_SECONDS says otherwise.
   */
  queuePollSeconds: number;
  media: { kind: 'disk' } | ({ kind: 's3' } & S3Config);
  publishing: PublishingConfig;
  /** SMTP_URL and MAIL_FROM (docs/operations.md); unset, no e-mail is sent and password resets go through the operator. */
  mail: MailConfig | undefined;
}

const OPENAI_BASE_URL = 'https://api.openai.com/v1';
const OPENAI_DEFAULT_MODEL = 'gpt-4o-mini';

/** Empty variables count as unset, as people write `AI_API_KEY=` in .env files. */
function withoutEmpty(env: NodeJS.ProcessEnv): Record<string, string> {
  return Object.fromEntries(Object.entries(env).filter((entry): entry is [string, string] => typeof entry[1] === 'string' && entry[1] !== ''));
}

function aiConfig(env: z.infer<typeof envSchema>): AiConfig {
  if (env.AI_BASE_URL) {
    if (!/^https?:/.test(env.AI_BASE_URL)) throw new ConfigError('AI_BASE_URL must start with http:// or https://.');
    if (!env.AI_MODEL) throw new ConfigError('AI_MODEL must be set when AI_BASE_URL is set (for example AI_MODEL=llama3.1).');
    // Users see this name and the model, never the address: it may name an internal host.
    const isOpenAi = new URL(env.AI_BASE_URL).host === 'api.openai.com';
    return {
      kind: 'openai-compatible',
      baseURL: env.AI_BASE_URL.replace(/\/+$/, ''),
      apiKey: env.AI_API_KEY ?? env.OPENAI_API_KEY,
      model: env.AI_MODEL,
      provider: isOpenAi ? 'OpenAI' : 'OpenAI-compatible server',
    };
  }
  const key = env.AI_API_KEY ?? env.OPENAI_API_KEY;
  if (key) {
    return { kind: 'openai-compatible', baseURL: OPENAI_BASE_URL, apiKey: key, model: env.AI_MODEL ?? OPENAI_DEFAULT_MODEL, provider: 'OpenAI' };
  }
  return { kind: 'offline' };
}

function mediaConfig(env: z.infer<typeof envSchema>): Config['media'] {
  if (env.MEDIA_STORE === 'disk') return { kind: 'disk' };
  if (!/^https?:/.test(env.S3_ENDPOINT ?? 'https:')) throw new ConfigError('S3_ENDPOINT must start with http:// or https://.');
  for (const name of ['S3_BUCKET', 'S3_REGION', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const) {
    if (!env[name]) throw new ConfigError(`${name} must be set when MEDIA_STORE=s3.`);
  }
  return {
    kind: 's3',
    endpoint: env.S3_ENDPOINT,
    bucket: env.S3_BUCKET!,
    region: env.S3_REGION!,
    accessKeyId: env.S3_ACCESS_KEY_ID!,
    secretAccessKey: env.S3_SECRET_ACCESS_KEY!,
  };
}

const AUTH_SECRET_MIN = 32;

/** Reads AUTH_SECRET from the environment or a file in DATA_DIR, creating that file on first start. */
function authSecret(dataDir: string, fromEnv: string | undefined): string {
  if (fromEnv) return fromEnv;
  const file = path.join(dataDir, 'auth-secret');
  if (existsSync(file)) {
    const secret = readFileSync(file, 'utf8').trim();
    // better-auth would sign sessions with its built-in default secret if handed an empty one.
    if (secret.length < AUTH_SECRET_MIN) {
      throw new ConfigError(`The file ${file} holds fewer than ${AUTH_SECRET_MIN} characters: delete it to have a new secret made, or set AUTH_SECRET.`);
    }
    return secret;
  }
  const secret = randomBytes(48).toString('base64url');
  // Written whole under another name first: a crash cannot leave an empty secret file behind.
  const partial = `${file}.${process.pid}.part`;
  writeFileSync(partial, secret + '\n', { mode: 0o600 });
  chmodSync(partial, 0o600);
  renameSync(partial, file);
  return secret;
}

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '::1', '0.0.0.0', '::']);

/** Without PUBLIC_URL, a local install answers on 127.0.0.1 and localhost alike; both are trusted. */
function trustedOrigins(publicUrl: string, explicit: boolean, host: string, port: number): string[] {
  const origins = new Set([new URL(publicUrl).origin]);
  if (!explicit && LOOPBACK_HOSTS.has(host)) {
    for (const name of ['127.0.0.1', 'localhost', '[::1]']) origins.add(`http://${name}:${port}`);
  }
  return [...origins];
}

export function loadConfig(rawEnv: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(withoutEmpty(rawEnv));
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const variable = String(issue.path[0] ?? 'configuration');
    const message = issue.message.startsWith(variable) ? issue.message : `${variable} is invalid: ${issue.message}`;
    throw new ConfigError(message.endsWith('.') ? message : `${message}.`);
  }
  const env = parsed.data;
  const dataDir = path.resolve(env.DATA_DIR);
  try {
    mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  } catch {
    throw new ConfigError(`DATA_DIR points to ${dataDir}, which cannot be created or written.`);
  }
  if (env.ROLE !== 'all' && !env.DATABASE_URL) {
    throw new ConfigError(`ROLE=${env.ROLE} needs DATABASE_URL: with SQLite one process serves the app and runs its jobs (ROLE=all).`);
  }
  const media = mediaConfig(env);
  const ai = aiConfig(env);
  const imageModel = imageModelConfig(withoutEmpty(rawEnv), ai, (message) => new ConfigError(message));
  const mail = mailConfig(withoutEmpty(rawEnv), (message) => new ConfigError(message));
  const secret = authSecret(dataDir, env.AUTH_SECRET);
  const publicUrl = (env.PUBLIC_URL ?? `http://${env.HOST.includes(':') ? `[${env.HOST}]` : env.HOST}:${env.PORT}`).replace(/\/+$/, '');
  if (!/^https?:/.test(publicUrl)) throw new ConfigError('PUBLIC_URL must start with http:// or https://.');
  return {
    trustedOrigins: trustedOrigins(publicUrl, env.PUBLIC_URL !== undefined, env.HOST, env.PORT),
    port: env.PORT,
    host: env.HOST,
    dataDir,
    database: env.DATABASE_URL ? { kind: 'postgres', url: env.DATABASE_URL } : { kind: 'sqlite', file: path.join(dataDir, 'planner.db') },
    ai,
    imageModel,
    authSecret: secret,
    publicUrl,
    logLevel: env.LOG_LEVEL,
    authRateLimitMax: env.AUTH_RATE_LIMIT_MAX,
    trustProxy: env.TRUST_PROXY ?? { kind: 'none' },
    limits: {
      aiRequestsPerDay: env.AI_REQUESTS_PER_DAY,
      postsPerMonth: env.POSTS_PER_MONTH_MAX,
      versionsPerPost: env.VERSIONS_PER_POST,
      uploadsInFlightPerUser: env.UPLOADS_IN_FLIGHT_PER_USER,
      imagesPerDay: env.IMAGES_PER_USER_PER_DAY,
    },
    reviewRateLimits: { perLink: env.REVIEW_RATE_LIMIT_PER_LINK, perAddress: env.REVIEW_RATE_LIMIT_PER_ADDRESS },
    role: env.ROLE,
    jobLeaseSeconds: env.JOB_LEASE_SECONDS,
    queuePollSeconds: env.QUEUE_POLL_SECONDS ?? Math.max(0.5, Math.min(2, env.JOB_LEASE_SECONDS / 4)),
    media,
    mail,
    publishing: {
      encryptionKey: env.ENCRYPTION_KEY ?? secret,
      lateWindowMs: env.PUBLISH_LATE_WINDOW,
      lanes: env.PUBLISH_LANES,
      allowPrivateUrls: env.PUBLISH_ALLOW_PRIVATE_URLS,
      providers: withLinkedInPages(
        providersConfig(withoutEmpty(rawEnv), (message) => new ConfigError(message)),
        env.LINKEDIN_ORGANIZATIONS,
      ),
    },
  };
}

/** LINKEDIN_ORGANIZATIONS on the LinkedIn app, where one is configured. */
function withLinkedInPages(providers: ProvidersConfig, organizations: boolean): ProvidersConfig {
  return providers.linkedin ? { ...providers, linkedin: { ...providers.linkedin, organizations } } : providers;
}
