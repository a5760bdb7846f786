import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PLATFORMS } from './shared/networks';

/**
 * The import rules of ARCHITECTURE.md, checked over the real source: every import of every file under
 * src/ is resolved (relative paths and the @shared/@server/@web/@testing aliases) and the graph is tested.
 * `violations` is exported for the test that shows each rule catching a planted breach.
 */
const SRC = path.resolve(import.meta.dirname);
const ALIASES: Record<string, string> = { '@shared/': 'shared/', '@server/': 'server/', '@web/': 'web/', '@testing/': 'testing/' };
const EXTENSIONS = ['.ts', '.tsx', '/index.ts', '/index.tsx'];

export interface SourceImport {
  from: string;
  to: string;
  typeOnly: boolean;
}
export interface SourceFile {
  file: string;
  imports: SourceImport[];
  packages: string[];
  /** The packages it loads with itself: static imports that are not `import type`. */
  eagerPackages?: string[];
}

function listSources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return listSources(full);
    return /\.tsx?$/.test(name) ? [full] : [];
  });
}

function resolveImport(fromFile: string, specifier: string): string | undefined {
  const alias = Object.keys(ALIASES).find((prefix) => specifier.startsWith(prefix));
  const base = alias
    ? path.join(SRC, ALIASES[alias]!, specifier.slice(alias.length))
    : specifier.startsWith('.')
      ? path.resolve(path.dirname(fromFile), specifier)
      : undefined;
  if (!base) return undefined;
  if (/\.(tsx?|css)$/.test(base) && existsSync(base)) return path.relative(SRC, base);
  const found = EXTENSIONS.map((extension) => base + extension).find((candidate) => existsSync(candidate));
  return found ? path.relative(SRC, found) : undefined;
}

const IMPORT = /^\s*(import|export)\s+(type\s+)?(?:[^'";]*?\s+from\s+)?['"]([^'"]+)['"]|\bimport\((\s*)['"]([^'"]+)['"]\s*\)/gm;

export function readSources(files = listSources(SRC)): SourceFile[] {
  return files.map((full) => {
    const text = readFileSync(full, 'utf8');
    const file = path.relative(SRC, full);
    const imports: SourceImport[] = [];
    const packages: string[] = [];
    const eagerPackages: string[] = [];
    for (const match of text.matchAll(IMPORT)) {
      const specifier = (match[3] ?? match[5])!; // a static import, or a lazy import('…')
      const to = resolveImport(full, specifier);
      if (to) imports.push({ from: file, to, typeOnly: Boolean(match[2]) });
      else if (!specifier.startsWith('.') && !Object.keys(ALIASES).some((alias) => specifier.startsWith(alias))) {
        packages.push(specifier);
        if (match[3] && !match[2]) eagerPackages.push(specifier);
      }
    }
    return { file, imports, packages, eagerPackages };
  });
}

/** Test code: test files, and the scaffolding under src/testing (fake servers, harnesses, fixtures, cross-cutting suites). */
const isTest = (file: string) => /\.test\.tsx?$/.test(file) || file.startsWith('testing/');
/** SQL lives in the platform (the database, the notifier on LISTEN/NOTIFY) and in each module's repositories. */
const touchesSql = (file: string) => file.startsWith('server/platform/') || /^server\/modules\/[^/]+\/[^/]+-repository\.ts$/.test(file);
// The post's data layer (every call to a post endpoint, and the caches a post write refreshes) is
// web/lib/posts, not a feature: the editor, the post actions, new posts, generation, the routes and a
// shared component (a post's delivery details) all use it. So this rule keeps no exception.
const featureOf = (file: string) => /^web\/features\/([^/]+)\//.exec(file)?.[1];
/** Packages of 10 MB and more of memory the server loads only when a request or its configuration needs them (a dynamic import), not at start. */
const LOADED_ON_USE = /^(?:date-holidays|ai|@ai-sdk\/.+|sharp|satori|@resvg\/resvg-js|@aws-sdk\/client-s3|@atproto\/api)$/;

/** Every breach of the import directions, as readable sentences. */
export function violations(sources: SourceFile[]): string[] {
  const found: string[] = [];
  for (const source of sources) {
    for (const { from, to, typeOnly } of source.imports) {
      if (from.startsWith('server/') && to.startsWith('web/')) found.push(`${from} imports ${to}: the server never imports the web app`);
      if (from.startsWith('shared/') && (to.startsWith('server/') || to.startsWith('web/'))) found.push(`${from} imports ${to}: shared imports neither side`);
      if (from.startsWith('web/') && to.startsWith('server/') && !typeOnly) found.push(`${from} imports ${to}: the web app imports only types from the server`);
      const feature = featureOf(from);
      const target = featureOf(to);
      if (feature && target && feature !== target) found.push(`${from} imports ${to}: features do not import each other`);
      if (!isTest(from) && to.startsWith('testing/')) found.push(`${from} imports ${to}: production code never imports test code`);
    }
    if (!isTest(source.file) && !touchesSql(source.file) && source.packages.includes('kysely')) {
      found.push(`${source.file} imports kysely: only repositories and src/server/platform touch SQL`);
    }
    for (const name of source.eagerPackages ?? []) {
      if (!isTest(source.file) && source.file.startsWith('server/') && LOADED_ON_USE.test(name))
        found.push(`${source.file} imports ${name} at start: load it on use, with import()`);
    }
    if (!isTest(source.file) && source.packages.some((name) => name === 'vitest' || name.startsWith('vitest/'))) {
      found.push(`${source.file} imports vitest: test helpers live under src/testing`);
    }
  }
  return found;
}

/** The one module that brings the post, month and delivery caches in step after a post write. */
export const POST_CACHE = 'web/lib/posts/cache.ts';
/** The files whose `queryOptions` own those keys: the only places that write them out. */
const POST_KEY_OWNERS = ['web/lib/queries/month.ts', 'web/lib/queries/deliveries.ts', 'web/lib/posts/api/post-versions.ts', 'web/lib/posts/api/delivery.ts'];
const CACHE_WRITE = /\.(setQueryData|setQueriesData|invalidateQueries|refetchQueries|resetQueries|removeQueries|cancelQueries)\s*\(/;
/** A key written out where a key goes: `queryKey: ['month', …]`, or the first argument of a cache write. */
const HAND_KEY = /(queryKey\s*:|(Queries|QueryData|QueriesData)\s*\()\s*\[\s*['"`](month|deliveries|post)['"`]/;

/**
 * Writes to the post, month and delivery caches outside `POST_CACHE`: a file that imports one of their
 * keys' owners and writes to the query cache (any write there counts: the key may come through a
 * variable), or a file that spells one of those keys by hand. Tests set up caches freely.
 */
export function postCacheWrites(files: { file: string; text: string; imports: string[] }[]): string[] {
  return files
    .filter(({ file }) => file.startsWith('web/') && !isTest(file) && file !== POST_CACHE)
    .flatMap(({ file, text, imports }) => [
      ...(CACHE_WRITE.test(text) && imports.some((to) => POST_KEY_OWNERS.includes(to))
        ? [`${file} writes the post, month or delivery caches: only ${POST_CACHE} does`]
        : []),
      ...(!POST_KEY_OWNERS.includes(file) && HAND_KEY.test(text)
        ? [`${file} spells a post, month or delivery query key: import it from its queryOptions`]
        : []),
    ]);
}

/** Import cycles (type-only imports included: they still tie the files together), each as a path. */
export function cycles(sources: SourceFile[]): string[][] {
  const edges = new Map(sources.map((source) => [source.file, source.imports.map((item) => item.to)]));
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const found: string[][] = [];
  const visit = (file: string) => {
    state.set(file, 'open');
    stack.push(file);
    for (const next of edges.get(file) ?? []) {
      if (state.get(next) === 'open') found.push([...stack.slice(stack.indexOf(next)), next]);
      else if (!state.has(next)) visit(next);
    }
    stack.pop();
    state.set(file, 'done');
  };
  for (const file of edges.keys()) if (!state.has(file)) visit(file);
  return found;
}

/** Where a network's id may be written out: its own file, and the channels that publish to it. */
const NETWORK_ID_HOMES = [
  'shared/networks/',
  'server/modules/publishing/channels/',
  // Connection kinds ('mastodon', 'bluesky') are channels, not networks: their wire schema and the form
  // that asks for them.
  'shared/schemas/publishing.ts',
  'web/components/connections/',
];
/** Tests and their helpers name networks freely. */
const TEST_CODE = /\.test\.tsx?$|^testing\//;

/** Each network id written as a string literal outside its homes: `file: 'id'`. */
export function networkIdLiterals(files: { file: string; text: string }[], ids: readonly string[] = PLATFORMS): string[] {
  const literal = new RegExp(`(['"\`])(${ids.join('|')})\\1`, 'g');
  return files
    .filter(({ file }) => !TEST_CODE.test(file) && !NETWORK_ID_HOMES.some((home) => file.startsWith(home)))
    .flatMap(({ file, text }) => [...text.matchAll(literal)].map((match) => `${file}: '${match[2]}'`));
}

describe('networks live in src/shared/networks', () => {
  it('names no network id as a literal outside shared/networks and the channels', () => {
    const files = listSources(SRC).map((full) => ({ file: path.relative(SRC, full).split(path.sep).join('/'), text: readFileSync(full, 'utf8') }));
    expect(networkIdLiterals(files)).toEqual([]);
  });

  it('catches a network id planted in a service, a web component or shared code, and allows it in its homes and tests', () => {
    const planted = [
      { file: 'server/modules/posts/x.ts', text: "if (post.platform === 'instagram') tags = tags.slice(0, 5);" },
      { file: 'web/components/x.tsx', text: 'const colour = platform === "mastodon" ? "#563acc" : undefined;' },
      { file: 'shared/domain/x.ts', text: 'const limit = { key: `bluesky` };' },
    ];
    expect(networkIdLiterals(planted)).toEqual(["server/modules/posts/x.ts: 'instagram'", "web/components/x.tsx: 'mastodon'", "shared/domain/x.ts: 'bluesky'"]);
    const allowed = [
      { file: 'shared/networks/x.ts', text: "id: 'linkedin'" },
      { file: 'server/modules/publishing/channels/x.ts', text: "kind: 'mastodon'" },
      { file: 'server/modules/posts/x.test.ts', text: "platform: 'twitter'" },
      { file: 'testing/x.ts', text: "platform: 'twitter'" },
      { file: 'server/modules/posts/y.ts', text: "'Mastodon posts' and 'linkedin2' and twitter-text" },
    ];
    expect(networkIdLiterals(allowed)).toEqual([]);
  });
});

describe('the import rules of ARCHITECTURE.md', () => {
  const sources = readSources();

  it('reads the whole source tree and resolves its imports', () => {
    expect(sources.length).toBeGreaterThan(200);
    expect(sources.flatMap((source) => source.imports).length).toBeGreaterThan(1000);
  });

  it('keeps the import directions: server, shared, web and the features', () => {
    expect(violations(sources)).toEqual([]);
  });

  it('writes the post, month and delivery caches only in lib/posts/cache.ts, and imports post keys from their owners', () => {
    const files = sources.map((source) => ({
      file: source.file,
      text: readFileSync(path.join(SRC, source.file), 'utf8'),
      imports: source.imports.map((item) => item.to),
    }));
    expect(files.some((item) => item.file === POST_CACHE)).toBe(true);
    expect(postCacheWrites(files)).toEqual([]);
  });

  it('catches a post cache written outside lib/posts/cache.ts, or a post key spelt by hand', () => {
    const planted = [
      {
        file: 'web/features/post-actions/hooks/x.ts',
        text: 'const key = monthQueryOptions(id).queryKey;\nqueryClient.setQueryData(key, month);',
        imports: ['web/lib/queries/month.ts'],
      },
      { file: 'web/routes/x.tsx', text: 'await queryClient.invalidateQueries({ queryKey: DELIVERIES_KEY });', imports: ['web/lib/queries/deliveries.ts'] },
      { file: 'web/features/calendar/x.ts', text: "void queryClient.invalidateQueries({ queryKey: ['deliveries'] });", imports: [] },
      { file: 'web/lib/x.ts', text: "queryClient.setQueryData(['post', id, 'versions'], pages);", imports: [] },
    ];
    expect(postCacheWrites(planted)).toHaveLength(4);
    const allowed = [
      { file: POST_CACHE, text: 'queryClient.setQueryData(monthQueryOptions(monthId).queryKey, month);', imports: ['web/lib/queries/month.ts'] },
      {
        file: 'web/features/workspace/x.ts',
        text: 'queryClient.invalidateQueries({ queryKey: workspaceQueryOptions.queryKey });',
        imports: ['web/lib/queries/workspace.ts'],
      },
      { file: 'web/routes/y.tsx', text: 'const month = useQuery(monthQueryOptions(id));', imports: ['web/lib/queries/month.ts'] },
      { file: 'web/lib/queries/month.ts', text: "queryKey: ['month', id],", imports: [] },
      { file: 'web/lib/posts/posts.test.ts', text: "queryClient.setQueryData(['month', '2026-12'], month);", imports: [] },
    ];
    expect(postCacheWrites(allowed)).toEqual([]);
  });

  it('has no import cycle', () => {
    expect(cycles(sources).map((cycle) => cycle.join(' → '))).toEqual([]);
  });

  it('catches each kind of breach when one is planted', () => {
    const planted = (file: string, to: string, typeOnly = false): SourceFile => ({ file, imports: [{ from: file, to, typeOnly }], packages: [] });
    expect(
      violations([
        planted('server/modules/posts/x.ts', 'web/lib/paths.ts', true),
        planted('shared/domain/x.ts', 'server/app.ts', true),
        planted('web/lib/x.ts', 'server/app.ts'),
        planted('web/features/dashboard/x.ts', 'web/features/settings/api/profile.ts'),
        { file: 'server/modules/posts/post-service.ts', imports: [], packages: ['kysely'] },
        planted('server/modules/posts/post-service.ts', 'testing/factories.ts'),
        { file: 'server/modules/publishing/helpers.ts', imports: [], packages: ['vitest'] },
        { file: 'server/modules/months/holidays.ts', imports: [], packages: ['date-holidays'], eagerPackages: ['date-holidays'] },
        { file: 'server/ai/provider.ts', imports: [], packages: ['@ai-sdk/openai-compatible'], eagerPackages: ['@ai-sdk/openai-compatible'] },
      ]),
    ).toHaveLength(9);
    expect(
      violations([
        planted('web/lib/x.ts', 'server/app.ts', true),
        planted('web/routes/x.ts', 'web/features/settings/api/profile.ts'),
        planted('testing/test-server.ts', 'server/compose.ts'),
        planted('server/modules/posts/posts.api.test.ts', 'testing/factories.ts'),
        { file: 'server/modules/posts/post-repository.ts', imports: [], packages: ['kysely'] },
        { file: 'server/platform/db/database.ts', imports: [], packages: ['kysely'] },
        { file: 'testing/publishing-helpers.ts', imports: [], packages: ['vitest'] },
        { file: 'server/ai/sdk.ts', imports: [], packages: ['ai', 'ai'], eagerPackages: [] },
        { file: 'server/ai/ai-writer-single.test.ts', imports: [], packages: ['ai'], eagerPackages: ['ai'] },
      ]),
    ).toEqual([]);
    const cycle = [planted('shared/a.ts', 'shared/b.ts'), planted('shared/b.ts', 'shared/a.ts')];
    expect(cycles(cycle)).toEqual([['shared/a.ts', 'shared/b.ts', 'shared/a.ts']]);
  });
});
