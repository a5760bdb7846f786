/** What each route loads, from the Vite build manifest (dist/web/.vite/manifest.json): shared by bench:web and bench:bundle. */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { LOGIN_MANIFEST, ROUTE_PRELOADS_FILE, type RoutePreload } from '../../scripts/route-preloads';
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

/**
 * The app's manifest, the login document's (its own build, vite.login.config.ts) and the files the
 * server preloads for each page of the app (scripts/route-preloads.ts): a route's lazy code.
 */
export interface Manifests {
  app: Manifest;
  login: Manifest;
  routePreloads: RoutePreload[];
}

export function readManifest(): Manifests {
  const read = <T>(file: string) => JSON.parse(readFileSync(path.join(WEB, file), 'utf8')) as T;
  return { app: read('.vite/manifest.json'), login: read(LOGIN_MANIFEST), routePreloads: read(ROUTE_PRELOADS_FILE) };
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

/** The routes measured: the login document, and the month page with the lazy files the server preloads for it. */
const ROUTES: { route: string; build: 'app' | 'login'; preloadsOf?: string }[] = [
  { route: '/login', build: 'login' },
  { route: '/month/:id (calendar)', build: 'app', preloadsOf: '/month/' },
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
export function routeJs(manifests: Manifests): RouteJs[] {
  const sum = (sizes: FileSize[], key: 'raw' | 'gzip') => sizes.reduce((total, size) => total + size[key], 0);
  return ROUTES.map(({ route, build, preloadsOf }) => {
    const manifest = manifests[build];
    const entryFiles = [...withStaticImports(manifest, entryKey(manifest))].map((key) => manifest[key]!.file);
    const lazy = preloadsOf ? manifests.routePreloads.find((page) => page.path === preloadsOf)?.scripts : [];
    if (!lazy) throw new Error(`no preloads for ${preloadsOf} in ${ROUTE_PRELOADS_FILE}`);
    const js = (files: string[]) => [...new Set(files)].filter((file) => file.endsWith('.js')).map(sizeOf);
    const files = js([...entryFiles, ...lazy]);
    return { route, files, raw: sum(files, 'raw'), gzip: sum(files, 'gzip'), entryGzip: sum(js(entryFiles), 'gzip') };
  });
}
