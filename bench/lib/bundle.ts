/** What each route loads, from the Vite build manifest (dist/web/.vite/manifest.json): shared by bench:web and bench:bundle. */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { ROOT } from './report';

export const WEB = path.join(ROOT, 'dist/web');

export interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
export type Manifest = Record<string, ManifestChunk>;

export function readManifest(): Manifest {
  return JSON.parse(readFileSync(path.join(WEB, '.vite/manifest.json'), 'utf8')) as Manifest;
}

/** The chunk and every chunk it imports statically, transitively (what the browser must load with it). */
function withStaticImports(manifest: Manifest, key: string, into = new Set<string>()): Set<string> {
  if (into.has(key)) return into;
  const chunk = manifest[key];
  if (!chunk) throw new Error(`${key} is not in the build manifest`);
  into.add(key);
  for (const imported of chunk.imports ?? []) withStaticImports(manifest, imported, into);
  return into;
}

function findChunk(manifest: Manifest, ending: string): string {
  const key = Object.keys(manifest).find((name) => name.endsWith(ending));
  if (!key) throw new Error(`No chunk for ${ending} in the build manifest; update ROUTES in bench/lib/bundle.ts to the route's component file.`);
  return key;
}

/** A route's lazy modules, as named in src/web/app/router.tsx. */
const ROUTES = [
  { route: '/login', lazy: ['features/auth/components/login-page.tsx'] },
  { route: '/month/:id (calendar)', lazy: ['app/layout/signed-in-layout.tsx', 'routes/month-page.tsx'] },
];

export interface FileSize {
  file: string;
  raw: number;
  gzip: number;
}

export interface RouteJs {
  route: string;
  /** The JavaScript files, the entry's first. */
  files: FileSize[];
  raw: number;
  gzip: number;
  entryGzip: number;
}

const gzipSizes = new Map<string, FileSize>();
function sizeOf(file: string): FileSize {
  let size = gzipSizes.get(file);
  if (!size) {
    const bytes = readFileSync(path.join(WEB, file));
    size = { file, raw: bytes.length, gzip: gzipSync(bytes, { level: 6 }).length };
    gzipSizes.set(file, size);
  }
  return size;
}

export function entryKey(manifest: Manifest): string {
  const entry = Object.keys(manifest).find((key) => manifest[key]!.isEntry);
  if (!entry) throw new Error('no entry in the build manifest');
  return entry;
}

/** Gzipped JavaScript each route needs before it renders: the entry with its static imports, and the route's lazy chunks with theirs. */
export function routeJs(manifest: Manifest): RouteJs[] {
  const entryChunks = withStaticImports(manifest, entryKey(manifest));
  const js = (keys: Set<string>) =>
    [...keys]
      .map((key) => manifest[key]!.file)
      .filter((file) => file.endsWith('.js'))
      .map(sizeOf);
  const sum = (sizes: FileSize[], key: 'raw' | 'gzip') => sizes.reduce((total, size) => total + size[key], 0);
  return ROUTES.map(({ route, lazy }) => {
    const keys = new Set(entryChunks);
    for (const ending of lazy) withStaticImports(manifest, findChunk(manifest, ending), keys);
    const files = js(keys);
    return { route, files, raw: sum(files, 'raw'), gzip: sum(files, 'gzip'), entryGzip: sum(js(entryChunks), 'gzip') };
  });
}
