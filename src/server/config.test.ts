import { mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

const dataDir = () => mkdtempSync(path.join(tmpdir(), 'planner-config-'));

describe('loadConfig', () => {
  it('uses the documented defaults', () => {
    const dir = dataDir();
    const config = loadConfig({ DATA_DIR: dir });
    expect(config).toMatchObject({ port: 3000, host: '127.0.0.1', publicUrl: 'http://127.0.0.1:3000', ai: { kind: 'offline' } });
    expect(config.database).toEqual({ kind: 'sqlite', file: path.join(dir, 'planner.db') });
  });

  it('generates the session secret once into DATA_DIR, readable only by the owner, and reuses it', () => {
    const dir = dataDir();
    const first = loadConfig({ DATA_DIR: dir }).authSecret;
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(statSync(path.join(dir, 'auth-secret')).mode & 0o777).toBe(0o600);
    expect(readFileSync(path.join(dir, 'auth-secret'), 'utf8').trim()).toBe(first);
    expect(loadConfig({ DATA_DIR: dir }).authSecret).toBe(first);
  });

  // Handed an empty secret, better-auth would sign sessions with its built-in default one.
  it.each([
    ['empty', ''],
    ['blank', '  \n'],
    ['too short', `${'x'.repeat(31)}\n`],
  ])('refuses an auth-secret file that is %s, with one sentence naming it', (_kind, content) => {
    const dir = dataDir();
    writeFileSync(path.join(dir, 'auth-secret'), content);
    expect(() => loadConfig({ DATA_DIR: dir })).toThrow(ConfigError);
    expect(() => loadConfig({ DATA_DIR: dir })).toThrow(
      /^The file .*auth-secret holds fewer than 32 characters: delete it to have a new secret made, or set AUTH_SECRET\.$/,
    );
  });

  it('selects PostgreSQL with DATABASE_URL', () => {
    expect(loadConfig({ DATA_DIR: dataDir(), DATABASE_URL: 'postgres://u@db:5432/app' }).database).toEqual({
      kind: 'postgres',
      url: 'postgres://u@db:5432/app',
    });
  });

  it('treats OPENAI_API_KEY alone as OpenAI and AI_BASE_URL as any compatible server', () => {
    expect(loadConfig({ DATA_DIR: dataDir(), OPENAI_API_KEY: 'sk-test' }).ai).toMatchObject({
      kind: 'openai-compatible',
      baseURL: 'https://api.openai.com/v1',
      provider: 'OpenAI',
    });
    expect(loadConfig({ DATA_DIR: dataDir(), AI_BASE_URL: 'http://127.0.0.1:11434/v1/', AI_MODEL: 'llama3.1' }).ai).toMatchObject({
      kind: 'openai-compatible',
      baseURL: 'http://127.0.0.1:11434/v1',
      model: 'llama3.1',
      apiKey: undefined,
      provider: 'OpenAI-compatible server',
    });
  });

  it("has no image model without AI_IMAGE_MODEL, and lends it the text provider's address and key", () => {
    expect(loadConfig({ DATA_DIR: dataDir(), OPENAI_API_KEY: 'sk-test' }).imageModel).toBeUndefined();
    expect(loadConfig({ DATA_DIR: dataDir(), OPENAI_API_KEY: 'sk-test', AI_IMAGE_MODEL: 'gpt-image-1' }).imageModel).toEqual({
      baseURL: 'https://api.openai.com/v1',
      apiKey: 'sk-test',
      model: 'gpt-image-1',
      provider: 'OpenAI',
    });
    expect(
      loadConfig({
        DATA_DIR: dataDir(),
        AI_BASE_URL: 'http://127.0.0.1:11434/v1',
        AI_MODEL: 'llama3.1',
        AI_IMAGE_MODEL: 'flux',
        AI_IMAGE_BASE_URL: 'http://10.0.0.5:8080/v1/',
      }).imageModel,
    ).toEqual({ baseURL: 'http://10.0.0.5:8080/v1', apiKey: undefined, model: 'flux', provider: 'OpenAI-compatible server' });
    expect(loadConfig({ DATA_DIR: dataDir(), AI_IMAGE_MODEL: 'gpt-image-1', AI_IMAGE_API_KEY: 'sk-images' }).imageModel).toMatchObject({
      baseURL: 'https://api.openai.com/v1',
      apiKey: 'sk-images',
    });
  });

  it('trusts no proxy unless TRUST_PROXY names a hop count or addresses', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).trustProxy).toEqual({ kind: 'none' });
    expect(loadConfig({ DATA_DIR: dataDir(), TRUST_PROXY: '1' }).trustProxy).toEqual({ kind: 'hops', count: 1 });
    expect(loadConfig({ DATA_DIR: dataDir(), TRUST_PROXY: '10.0.0.2, ::1' }).trustProxy).toEqual({ kind: 'addresses', addresses: ['10.0.0.2', '::1'] });
  });

  it('reads the per-user limits, with their documented defaults', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).limits).toEqual({
      aiRequestsPerDay: 200,
      postsPerMonth: 200,
      versionsPerPost: 50,
      uploadsInFlightPerUser: 3,
      imagesPerDay: 50,
    });
    const custom = loadConfig({
      DATA_DIR: dataDir(),
      AI_REQUESTS_PER_DAY: '5',
      POSTS_PER_MONTH_MAX: '40',
      VERSIONS_PER_POST: '3',
      UPLOADS_IN_FLIGHT_PER_USER: '1',
      IMAGES_PER_USER_PER_DAY: '7',
    });
    expect(custom.limits).toEqual({ aiRequestsPerDay: 5, postsPerMonth: 40, versionsPerPost: 3, uploadsInFlightPerUser: 1, imagesPerDay: 7 });
  });

  it('sends 25 posts at once per worker unless PUBLISH_LANES says otherwise', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).publishing.lanes).toBe(25);
    expect(loadConfig({ DATA_DIR: dataDir(), PUBLISH_LANES: '300' }).publishing.lanes).toBe(300);
  });

  it('runs every role on one process and media on disk unless told otherwise; ROLE and S3 need their companions', () => {
    expect(loadConfig({ DATA_DIR: dataDir() })).toMatchObject({ role: 'all', jobLeaseSeconds: 60, media: { kind: 'disk' } });
    const s3 = {
      MEDIA_STORE: 's3',
      S3_ENDPOINT: 'http://127.0.0.1:9000',
      S3_BUCKET: 'media',
      S3_REGION: 'auto',
      S3_ACCESS_KEY_ID: 'key',
      S3_SECRET_ACCESS_KEY: 'secret',
    };
    const config = loadConfig({ DATA_DIR: dataDir(), DATABASE_URL: 'postgres://db/planner', ROLE: 'worker', JOB_LEASE_SECONDS: '30', ...s3 });
    expect(config).toMatchObject({ role: 'worker', jobLeaseSeconds: 30, queuePollSeconds: 2 });
    expect(loadConfig({ DATA_DIR: dataDir(), JOB_LEASE_SECONDS: '2' }).queuePollSeconds).toBe(0.5);
    expect(loadConfig({ DATA_DIR: dataDir(), QUEUE_POLL_SECONDS: '300' }).queuePollSeconds).toBe(300);
    expect(config.media).toEqual({
      kind: 's3',
      endpoint: 'http://127.0.0.1:9000',
      bucket: 'media',
      region: 'auto',
      accessKeyId: 'key',
      secretAccessKey: 'secret',
    });
  });

  it('offers only the sign-in providers whose app is configured, at the real hosts unless told otherwise', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).publishing.providers).toEqual({});
    const config = loadConfig({
      DATA_DIR: dataDir(),
      FACEBOOK_CLIENT_ID: '123',
      FACEBOOK_CLIENT_SECRET: 'fb-secret',
      THREADS_CLIENT_ID: '456',
      THREADS_CLIENT_SECRET: 'th-secret',
      THREADS_API_URL: 'http://127.0.0.1:9100/',
      THREADS_AUTH_URL: 'http://127.0.0.1:9101',
      INSTAGRAM_CLIENT_ID: '',
    });
    expect(config.publishing.providers).toEqual({
      facebook: { clientId: '123', clientSecret: 'fb-secret', apiUrl: 'https://graph.facebook.com', authUrl: 'https://www.facebook.com', hosts: {} },
      threads: { clientId: '456', clientSecret: 'th-secret', apiUrl: 'http://127.0.0.1:9100', authUrl: 'http://127.0.0.1:9101', hosts: {} },
    });
  });

  it('exchanges an Instagram Login code on api.instagram.com unless INSTAGRAM_TOKEN_URL says otherwise', () => {
    const instagram = { DATA_DIR: dataDir(), INSTAGRAM_CLIENT_ID: '789', INSTAGRAM_CLIENT_SECRET: 'ig-secret' };
    expect(loadConfig(instagram).publishing.providers).toEqual({
      instagram: {
        clientId: '789',
        clientSecret: 'ig-secret',
        apiUrl: 'https://graph.instagram.com',
        authUrl: 'https://www.instagram.com',
        hosts: { token: 'https://api.instagram.com' },
      },
    });
    expect(loadConfig({ ...instagram, INSTAGRAM_TOKEN_URL: 'http://127.0.0.1:9102/' }).publishing.providers.instagram?.hosts.token).toBe(
      'http://127.0.0.1:9102',
    );
  });

  it("reads Google's further hosts from GOOGLE_TOKEN_URL, GOOGLE_ACCOUNTS_URL and GOOGLE_LOCATIONS_URL, Google's own by default", () => {
    const google = { DATA_DIR: dataDir(), GOOGLE_CLIENT_ID: 'g-id', GOOGLE_CLIENT_SECRET: 'g-secret', GOOGLE_ACCOUNTS_URL: 'http://127.0.0.1:9200' };
    expect(loadConfig(google).publishing.providers.google).toEqual({
      clientId: 'g-id',
      clientSecret: 'g-secret',
      apiUrl: 'https://mybusiness.googleapis.com',
      authUrl: 'https://accounts.google.com',
      hosts: {
        token: 'https://oauth2.googleapis.com',
        accounts: 'http://127.0.0.1:9200',
        locations: 'https://mybusinessbusinessinformation.googleapis.com',
      },
    });
    expect(() => loadConfig({ ...google, GOOGLE_LOCATIONS_URL: 'ftp://x' })).toThrow(/^GOOGLE_LOCATIONS_URL must start with http/);
    expect(() => loadConfig({ DATA_DIR: dataDir(), X_CLIENT_ID: 'x-id' })).toThrow(/^X_CLIENT_SECRET must be set/);
  });

  it('treats empty variables as unset', () => {
    expect(loadConfig({ DATA_DIR: dataDir(), PORT: '', AI_API_KEY: '' })).toMatchObject({ port: 3000, ai: { kind: 'offline' } });
  });

  it.each([
    [{ PORT: 'abc' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
    [{ AI_BASE_URL: 'not a url' }, 'AI_BASE_URL'],
    [{ AI_BASE_URL: 'http://127.0.0.1:11434/v1' }, 'AI_MODEL'],
    [{ AUTH_SECRET: 'short' }, 'AUTH_SECRET'],
    [{ PUBLIC_URL: 'example' }, 'PUBLIC_URL'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL'],
    [{ TRUST_PROXY: 'true' }, 'TRUST_PROXY'],
    [{ TRUST_PROXY: '10.0.0.2, proxy.local' }, 'TRUST_PROXY'],
    [{ AI_REQUESTS_PER_DAY: 'lots' }, 'AI_REQUESTS_PER_DAY'],
    [{ POSTS_PER_MONTH_MAX: '0' }, 'POSTS_PER_MONTH_MAX'],
    [{ VERSIONS_PER_POST: '2.5' }, 'VERSIONS_PER_POST'],
    [{ UPLOADS_IN_FLIGHT_PER_USER: '-1' }, 'UPLOADS_IN_FLIGHT_PER_USER'],
    [{ IMAGES_PER_USER_PER_DAY: '0' }, 'IMAGES_PER_USER_PER_DAY'],
    [{ AI_IMAGE_BASE_URL: 'http://127.0.0.1:8080/v1' }, 'AI_IMAGE_MODEL'],
    [{ AI_IMAGE_MODEL: 'gpt-image-1' }, 'AI_IMAGE_BASE_URL'],
    [{ AI_IMAGE_MODEL: 'gpt-image-1', AI_IMAGE_BASE_URL: 'images.local' }, 'AI_IMAGE_BASE_URL'],
    [{ ROLE: 'api' }, 'ROLE'],
    [{ ROLE: 'worker' }, 'ROLE'],
    [{ JOB_LEASE_SECONDS: '1' }, 'JOB_LEASE_SECONDS'],
    [{ QUEUE_POLL_SECONDS: '0.1' }, 'QUEUE_POLL_SECONDS'],
    [{ QUEUE_POLL_SECONDS: 'often' }, 'QUEUE_POLL_SECONDS'],
    [{ PUBLISH_LANES: '0' }, 'PUBLISH_LANES'],
    [{ PUBLISH_LANES: 'many' }, 'PUBLISH_LANES'],
    [{ PUBLISH_LANES: '2.5' }, 'PUBLISH_LANES'],
    [{ PUBLISH_LANES: '1001' }, 'PUBLISH_LANES'],
    [{ MEDIA_STORE: 'ftp' }, 'MEDIA_STORE'],
    [{ MEDIA_STORE: 's3', S3_REGION: 'auto', S3_ACCESS_KEY_ID: 'k', S3_SECRET_ACCESS_KEY: 's' }, 'S3_BUCKET'],
    [{ MEDIA_STORE: 's3', S3_BUCKET: 'b', S3_REGION: 'auto', S3_ACCESS_KEY_ID: 'k' }, 'S3_SECRET_ACCESS_KEY'],
    [{ MEDIA_STORE: 's3', S3_ENDPOINT: 'minio:9000', S3_BUCKET: 'b', S3_REGION: 'auto', S3_ACCESS_KEY_ID: 'k', S3_SECRET_ACCESS_KEY: 's' }, 'S3_ENDPOINT'],
    [{ FACEBOOK_CLIENT_ID: '123' }, 'FACEBOOK_CLIENT_SECRET'],
    [{ THREADS_CLIENT_SECRET: 's' }, 'THREADS_CLIENT_ID'],
    [{ INSTAGRAM_CLIENT_ID: '1', INSTAGRAM_CLIENT_SECRET: 's', INSTAGRAM_API_URL: 'graph.instagram.com' }, 'INSTAGRAM_API_URL'],
    [{ FACEBOOK_AUTH_URL: 'ftp://www.facebook.com' }, 'FACEBOOK_AUTH_URL'],
    [{ INSTAGRAM_TOKEN_URL: 'api.instagram.com' }, 'INSTAGRAM_TOKEN_URL'],
  ])('stops on %o with one sentence naming %s', (env, variable) => {
    let error: unknown;
    try {
      loadConfig({ DATA_DIR: dataDir(), ...env });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as Error).message;
    expect(message.startsWith(variable)).toBe(true);
    expect(message.trim().endsWith('.')).toBe(true);
    expect(message.split('\n')).toHaveLength(1);
  });
});
