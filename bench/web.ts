/**
 * bench:web — what the browser loads and how fast the screens respond, on the production build.
 *
 *   npm run bench:web [-- --build true --lighthouse-runs 3 --drawer-runs 20]
 *
 * 1. Gzipped JavaScript per route from the Vite build manifest (dist/web/.vite/manifest.json): the
 *    entry and its static imports, plus the route's lazy chunks and their static imports.
 * 2. Lighthouse 12 (its default mobile configuration: simulated slow 4G and 4x CPU slowdown) with
 *    Debian's Chromium, headless, on /login and on a signed-in month calendar with 31 posts.
 * 3. Time from clicking a post on the calendar to the post drawer being visible (Playwright), in the page.
 *
 * The server is the built one (`node dist/server/main.js`) on loopback with a fresh SQLite database.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import { BUILT_SERVER, startServerProcess } from '@server/testing/server-process';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../e2e/support/chromium';
import { commandLine, flags, kb, machine, median, ms, pass, ROOT, table, writeSection } from './lib/report';
import { userWithMonth } from './lib/seed';

const options = flags({ build: true, lighthouseRuns: 3, drawerRuns: 20, write: true });
const CHROMIUM_FLAGS = ['--headless', ...CHROMIUM_ARGS];
const WEB = path.join(ROOT, 'dist/web');

// ---------------------------------------------------------------------------------------------
// 1. JavaScript per route from the manifest

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

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
  if (!key) throw new Error(`No chunk for ${ending} in the build manifest; update bench/web.ts ROUTES to the route's component file.`);
  return key;
}

/** A route's lazy modules, as named in src/web/app/router.tsx. */
const ROUTES = [
  { route: '/login', lazy: ['features/auth/components/login-page.tsx'] },
  { route: '/month/:id (calendar)', lazy: ['app/layout/signed-in-layout.tsx', 'routes/month-page.tsx'] },
];

interface RouteJs {
  route: string;
  files: number;
  raw: number;
  gzip: number;
  entryGzip: number;
}

const gzipSizes = new Map<string, { raw: number; gzip: number }>();
function sizeOf(file: string): { raw: number; gzip: number } {
  let size = gzipSizes.get(file);
  if (!size) {
    const bytes = readFileSync(path.join(WEB, file));
    size = { raw: bytes.length, gzip: gzipSync(bytes, { level: 6 }).length };
    gzipSizes.set(file, size);
  }
  return size;
}

function routeJs(manifest: Manifest): RouteJs[] {
  const entry = Object.keys(manifest).find((key) => manifest[key]!.isEntry);
  if (!entry) throw new Error('no entry in the build manifest');
  const entryChunks = withStaticImports(manifest, entry);
  const total = (keys: Set<string>) => [...keys].map((key) => sizeOf(manifest[key]!.file)).filter((_size, i) => manifest[[...keys][i]!]!.file.endsWith('.js'));
  return ROUTES.map(({ route, lazy }) => {
    const keys = new Set(entryChunks);
    for (const ending of lazy) withStaticImports(manifest, findChunk(manifest, ending), keys);
    const sizes = total(keys);
    return {
      route,
      files: sizes.length,
      raw: sizes.reduce((sum, size) => sum + size.raw, 0),
      gzip: sizes.reduce((sum, size) => sum + size.gzip, 0),
      entryGzip: total(entryChunks).reduce((sum, size) => sum + size.gzip, 0),
    };
  });
}

// ---------------------------------------------------------------------------------------------
// Servers and browsers

interface Running {
  url: string;
  stop: () => Promise<void>;
}

async function startBuiltServer(): Promise<Running> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'planner-bench-web-'));
  const server = await startServerProcess({ NODE_ENV: 'production', DATA_DIR: dataDir, LOG_LEVEL: 'warn' }, { entry: BUILT_SERVER });
  return {
    url: server.url,
    stop: async () => {
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Waits for a file another process writes, e.g. Chromium's DevToolsActivePort. */
async function fileWritten(file: string, gaveUp: () => boolean): Promise<string> {
  for (;;) {
    const text = existsSync(file) ? readFileSync(file, 'utf8') : '';
    if (text.includes('\n')) return text;
    if (gaveUp()) throw new Error(`Chromium at ${CHROMIUM_PATH} did not start`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * Debian's Chromium with a DevTools port for Lighthouse (never a downloaded browser). It binds port 0
 * and writes the port it got into DevToolsActivePort in its profile.
 */
async function startChromium(): Promise<{ port: number; stop: () => Promise<void> }> {
  const profile = mkdtempSync(path.join(tmpdir(), 'planner-bench-chromium-'));
  const child = spawn(CHROMIUM_PATH, [...CHROMIUM_FLAGS, '--remote-debugging-port=0', `--user-data-dir=${profile}`, 'about:blank'], { stdio: 'ignore' });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const deadline = Date.now() + 30_000;
  const written = await fileWritten(path.join(profile, 'DevToolsActivePort'), () => child.exitCode !== null || Date.now() > deadline);
  return {
    port: Number(written.split('\n')[0]),
    stop: async () => {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

// ---------------------------------------------------------------------------------------------
// 2. Lighthouse

interface LighthouseRun {
  score: number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  si: number;
}

async function runLighthouse(port: number, url: string, cookie?: string): Promise<LighthouseRun> {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance'],
    ...(cookie ? { extraHeaders: { Cookie: cookie } } : {}),
  });
  if (!result) throw new Error('Lighthouse returned nothing');
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.message}`);
  const numeric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  return {
    score: lhr.categories.performance?.score ?? Number.NaN,
    fcp: numeric('first-contentful-paint'),
    lcp: numeric('largest-contentful-paint'),
    tbt: numeric('total-blocking-time'),
    cls: numeric('cumulative-layout-shift'),
    si: numeric('speed-index'),
  };
}

// ---------------------------------------------------------------------------------------------
// 3. Drawer

/**
 * Runs in the page (a string, so the bundler's helpers do not leak into it): clicks the post button
 * and resolves with the milliseconds until the first animation frame in which a dialog is on screen
 * and the URL names the post.
 */
const CLICK_AND_TIME = `new Promise((resolve, reject) => {
  const all = [...document.querySelectorAll('button[aria-label^="Open post"]')];
  const button = all[INDEX % all.length];
  const started = performance.now();
  button.click();
  const timeout = setTimeout(() => reject(new Error('no dialog within 10 s')), 10000);
  const check = () => {
    const dialog = document.querySelector('[role="dialog"]');
    const box = dialog ? dialog.getBoundingClientRect() : null;
    if (dialog && box.width > 0 && box.height > 0 && getComputedStyle(dialog).visibility !== 'hidden' && location.search.includes('post=')) {
      clearTimeout(timeout);
      resolve(performance.now() - started);
    } else requestAnimationFrame(check);
  };
  check();
})`;

interface DrawerTiming {
  runs: number[];
  first: number;
  note: string;
}

async function drawerTimings(url: string, cookie: string, monthId: string): Promise<DrawerTiming> {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const host = new URL(url).hostname;
    await context.addCookies(
      cookie.split('; ').map((pair) => ({ name: pair.slice(0, pair.indexOf('=')), value: pair.slice(pair.indexOf('=') + 1), domain: host, path: '/' })),
    );
    const page = await context.newPage();
    await page.goto(`${url}/month/${monthId}?tab=calendar`);
    const buttons = page.getByRole('button', { name: /^Open post/ });
    await buttons.first().waitFor({ timeout: 30_000 });
    const count = await buttons.count();
    const runs: number[] = [];
    for (let i = 0; i <= options.drawerRuns; i++) {
      // Clicked in the page and timed there: from the click to the first frame with the dialog on screen.
      const elapsed = (await page.evaluate(CLICK_AND_TIME.replace('INDEX', String(i * 3 + 1)))) as number;
      // The first open may also fetch the editor's code: reported on its own, not in the median.
      runs.push(elapsed);
      await page.keyboard.press('Escape');
      await page.waitForFunction(() => document.querySelectorAll('[role="dialog"]').length === 0 && !location.search.includes('post='), undefined, {
        timeout: 10_000,
      });
    }
    return { runs: runs.slice(1), first: runs[0]!, note: `${count} post buttons on the calendar; a different post each time` };
  } finally {
    await browser.close();
  }
}

// ---------------------------------------------------------------------------------------------

async function main() {
  const command = commandLine('bench:web');
  if (!existsSync(CHROMIUM_PATH)) throw new Error(`Chromium not found at ${CHROMIUM_PATH}: apt-get install -y chromium (or set CHROMIUM_PATH).`);
  if (options.build) {
    console.log('building (npm run build)...');
    const build = spawnSync('npm', ['run', 'build', '--silent'], { cwd: ROOT, stdio: 'inherit' });
    if (build.status !== 0) throw new Error('npm run build failed');
  }
  const manifest = JSON.parse(readFileSync(path.join(WEB, '.vite/manifest.json'), 'utf8')) as Manifest;
  const js = routeJs(manifest);

  const server = await startBuiltServer();
  // The server compresses the app's files in the background at start-up: wait until the entry is ready.
  const entryFile = manifest[Object.keys(manifest).find((key) => manifest[key]!.isEntry)!]!.file;
  for (let tries = 0; tries < 100; tries++) {
    const response = await fetch(`${server.url}/${entryFile}`, { headers: { 'accept-encoding': 'br, gzip' } });
    await response.arrayBuffer();
    if (response.headers.get('content-encoding')) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const browser = await startChromium();
  try {
    const { client, monthId, posts } = await userWithMonth(server.url);
    const cookie = client.cookieHeader();
    const pages = [
      { name: '/login', url: `${server.url}/login`, cookie: undefined },
      { name: `/month/${monthId}?tab=calendar (${posts} posts, signed in)`, url: `${server.url}/month/${monthId}?tab=calendar`, cookie },
    ];
    const lighthouseResults: { name: string; runs: LighthouseRun[] }[] = [];
    for (const entry of pages) {
      const runs: LighthouseRun[] = [];
      for (let i = 0; i < options.lighthouseRuns; i++) {
        runs.push(await runLighthouse(browser.port, entry.url, entry.cookie));
        process.stdout.write('.');
      }
      lighthouseResults.push({ name: entry.name, runs });
    }
    console.log('');
    await browser.stop();
    const drawer = await drawerTimings(server.url, cookie, monthId);

    const jsTable = table(
      ['route', 'JS files', 'JS', 'JS gzipped', 'of which the entry (shared by every route)'],
      js.map((route) => [route.route, route.files, kb(route.raw), kb(route.gzip), kb(route.entryGzip)]),
    );
    const medianOf = (runs: LighthouseRun[], key: keyof LighthouseRun) => median(runs.map((run) => run[key]));
    const lighthouseTable = table(
      ['page', 'performance score (median)', 'scores', 'FCP', 'LCP', 'TBT', 'CLS', 'Speed Index'],
      lighthouseResults.map(({ name, runs }) => [
        name,
        medianOf(runs, 'score').toFixed(2),
        runs.map((run) => run.score.toFixed(2)).join(', '),
        ms(medianOf(runs, 'fcp'), 0),
        ms(medianOf(runs, 'lcp'), 0),
        ms(medianOf(runs, 'tbt'), 0),
        medianOf(runs, 'cls').toFixed(3),
        ms(medianOf(runs, 'si'), 0),
      ]),
    );
    const drawerMedian = median(drawer.runs);
    const login = js.find((route) => route.route === '/login')!;
    const targets = table(
      ['target', 'measured', 'result'],
      [
        ['/login loads under 150 KB of gzipped JavaScript', kb(login.gzip), pass(login.gzip < 150 * 1024)],
        ...lighthouseResults.map(({ name, runs }) => [
          `Lighthouse performance >= 0.95 on ${name.split(' ')[0]}`,
          medianOf(runs, 'score').toFixed(2),
          pass(medianOf(runs, 'score') >= 0.95),
        ]),
        [
          `drawer visible under 100 ms after clicking a post (median of ${drawer.runs.length})`,
          `${ms(drawerMedian)} (first open ${ms(drawer.first)})`,
          pass(drawerMedian < 100),
        ],
      ],
    );
    const settings = [
      "JavaScript: the files of the Vite manifest that a route needs before it renders (entry + static imports + the route's lazy chunks + their static imports), gzip level 6; CSS not counted.",
      `Lighthouse ${(await import('lighthouse/package.json', { with: { type: 'json' } })).default.version}: default (mobile) configuration with simulated throttling, performance category only, ${options.lighthouseRuns} runs per page, Debian's Chromium headless; the signed-in page gets the session cookie through extraHeaders.`,
      `Drawer: Playwright with the same Chromium at 1280x900; the click and the timing happen in the page (performance.now() from the click to the first animation frame in which a [role=dialog] has a box and the URL holds post=), then Escape closes it; ${drawer.note}. Median of ${drawer.runs.length} after one first open; runs: ${drawer.runs.map((value) => value.toFixed(0)).join(', ')} ms.`,
    ].join('\n\n');
    const markdown = [machine(command), '', targets, '', jsTable, '', lighthouseTable, '', settings].join('\n');
    console.log(`\n${targets}\n\n${jsTable}\n\n${lighthouseTable}`);
    if (options.write) writeSection('web', markdown);
  } finally {
    await browser.stop().catch(() => undefined);
    await server.stop();
  }
}

await main();
