/**
 * bench:web — what the browser loads and how fast the screens respond, on the production build.
 *
 *   npm run bench:web [-- --build true --lighthouse-runs 3 --drawer-runs 20 --background-load 1]
 *
 * 1. Gzipped JavaScript per route from the build manifests (dist/web/.vite): the document's entry and
 *    its static imports, plus the lazy files the server preloads for the route (bench/lib/bundle.ts).
 * 2. Lighthouse 12 (its default mobile configuration: simulated slow 4G and 4x CPU slowdown) with
 *    Debian's Chromium, headless, on /login, on a signed-in month calendar with 31 posts and, as the
 *    anchor, on a bare Mantine page (bench/bare-page) built by Vite and served by the same middleware;
 *    the pages take turns, run after run, so a busy machine weighs on all of them alike.
 * 3. Time from clicking a post on the calendar to the post drawer being visible (Playwright), in the page.
 *
 * `--reports DIR` keeps each Lighthouse report (JSON, with its long tasks and main-thread breakdown) in DIR.
 * `--background-load N` starts N busy-loop processes (bench/lib/background-load.ts) before the first
 * Lighthouse run and stops them after the drawer timings: the figures under another process's load.
 * `--compare DIR` also measures the month of another build in the same turns: DIR holds a copy of that
 * build's dist (DIR/server/main.js and DIR/web; put it under node_modules/ so the server finds its
 * packages), for a before/after on the same machine at the same time.
 *
 * The server is the built one (`node dist/server/main.js`) on loopback with a fresh SQLite database.
 */
import { spawn, spawnSync } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os, { tmpdir } from 'node:os';
import path from 'node:path';
import { serve } from '@hono/node-server';
import react from '@vitejs/plugin-react';
import { Hono } from 'hono';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import { build } from 'vite';
import { serveWebApp } from '@server/middleware/web-app';
import { BUILT_SERVER, startServerProcess } from '@testing/server-process';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../e2e/support/chromium';
import { commandLine, flags, kb, machine, median, ms, pass, ROOT, table, writeSection } from './lib/report';
import { userWithMonth } from './lib/seed';
import { startBackgroundLoad } from './lib/background-load';
import { entryKey, readManifest, routeJs } from './lib/bundle';

const options = flags({ build: true, lighthouseRuns: 3, drawerRuns: 20, backgroundLoad: 0, reports: '', write: true, compare: '' });
const CHROMIUM_FLAGS = ['--headless', ...CHROMIUM_ARGS];

// ---------------------------------------------------------------------------------------------
// Servers and browsers

interface Running {
  url: string;
  stop: () => Promise<void>;
}

async function startBuiltServer(entry = BUILT_SERVER): Promise<Running> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'planner-bench-web-'));
  const server = await startServerProcess({ NODE_ENV: 'production', DATA_DIR: dataDir, LOG_LEVEL: 'warn' }, { entry });
  return {
    url: server.url,
    stop: async () => {
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The server compresses the built files in the background at start-up: waits until `file` is served compressed. */
async function compressedReady(url: string, file: string): Promise<void> {
  for (let tries = 0; tries < 100; tries++) {
    const response = await fetch(`${url}/${file}`, { headers: { 'accept-encoding': 'br, gzip' } });
    await response.arrayBuffer();
    if (response.headers.get('content-encoding')) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * The anchor: bench/bare-page built by Vite (React plugin, manifest) into a temporary folder and served
 * by the app's own web middleware (compression, caching), so it differs from the app only by its code.
 */
async function startBarePage(): Promise<Running> {
  const outDir = mkdtempSync(path.join(tmpdir(), 'planner-bench-bare-'));
  await build({
    configFile: false,
    root: path.join(ROOT, 'bench/bare-page'),
    plugins: [react()],
    logLevel: 'warn',
    build: { outDir, emptyOutDir: true, manifest: true },
  });
  const app = new Hono().use(serveWebApp(outDir));
  const server = await new Promise<ReturnType<typeof serve>>((resolve) => {
    const instance = serve({ fetch: app.fetch, hostname: '127.0.0.1', port: 0 }, () => resolve(instance));
  });
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const manifest = JSON.parse(readFileSync(path.join(outDir, '.vite/manifest.json'), 'utf8')) as Record<string, { file: string; isEntry?: boolean }>;
  await compressedReady(url, Object.values(manifest).find((chunk) => chunk.isEntry)!.file);
  return {
    url,
    stop: async () => {
      await new Promise((resolve) => server.close(resolve));
      rmSync(outDir, { recursive: true, force: true });
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
  const written = await fileWritten(
    path.join(profile, 'DevToolsActivePort'),
    () => child.exitCode !== null || child.signalCode !== null || Date.now() > deadline,
  );
  return {
    port: Number(written.split('\n')[0]),
    stop: async () => {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
      // Chromium's helpers may still be writing to the profile for a moment after it exits.
      rmSync(profile, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 });
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
  /** JavaScript transferred, as Lighthouse counted it (compressed bytes on the wire). */
  jsBytes: number;
  /** The longest main-thread task Lighthouse lists ('long-tasks', its throttled estimate); 0 when none over 50 ms. */
  longestTask: number;
}

function resourceBytes(details: unknown, type: string): number {
  const items = (details as { items?: { resourceType: string; transferSize: number }[] } | undefined)?.items ?? [];
  return items.find((item) => item.resourceType === type)?.transferSize ?? Number.NaN;
}

/** Lighthouse sometimes fails to record a trace on a busy machine (NO_NAVSTART): such a run is taken again, twice at most. */
async function withRetries<T>(run: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await run();
    } catch (error) {
      if (attempt >= 3) throw error;
      console.warn(`\n${(error as Error).message}; running it again`);
    }
  }
}

let reportCount = 0;

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
  if (options.reports) {
    mkdirSync(options.reports, { recursive: true });
    const name = `${String(++reportCount).padStart(2, '0')}-${new URL(url).pathname.split('/')[1] || 'bare'}.json`;
    writeFileSync(path.join(options.reports, name), JSON.stringify(lhr));
  }
  const numeric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  return {
    score: lhr.categories.performance?.score ?? Number.NaN,
    fcp: numeric('first-contentful-paint'),
    lcp: numeric('largest-contentful-paint'),
    tbt: numeric('total-blocking-time'),
    cls: numeric('cumulative-layout-shift'),
    si: numeric('speed-index'),
    jsBytes: resourceBytes(lhr.audits['resource-summary']?.details, 'script'),
    longestTask: Math.max(
      0,
      ...((lhr.audits['long-tasks']?.details as { items?: { duration: number }[] } | undefined)?.items ?? []).map((task) => task.duration),
    ),
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

let loadBefore = '';
let loadDescription = 'none';
let stopLoad: () => Promise<void> = async () => undefined;

async function main() {
  const command = commandLine('bench:web');
  if (!existsSync(CHROMIUM_PATH)) throw new Error(`Chromium not found at ${CHROMIUM_PATH}: apt-get install -y chromium (or set CHROMIUM_PATH).`);
  if (options.build) {
    console.log('building (npm run build)...');
    const build = spawnSync('npm', ['run', 'build', '--silent'], { cwd: ROOT, stdio: 'inherit' });
    if (build.status !== 0) throw new Error('npm run build failed');
  }
  const manifest = readManifest();
  const js = routeJs(manifest);

  const server = await startBuiltServer();
  await compressedReady(server.url, manifest.app[entryKey(manifest.app)]!.file);
  const bare = await startBarePage();
  const other = options.compare ? await startBuiltServer(path.resolve(options.compare, 'server/main.js')) : undefined;
  const browser = await startChromium();
  try {
    const { client, monthId, posts } = await userWithMonth(server.url);
    const cookie = client.cookieHeader();
    const pages = [
      { name: '/login', url: `${server.url}/login`, cookie: undefined },
      {
        name: `/month/${monthId}?tab=calendar&view=calendar (${posts} posts, signed in)`,
        url: `${server.url}/month/${monthId}?tab=calendar&view=calendar`,
        cookie,
      },
      { name: 'bare Mantine page (anchor)', url: `${bare.url}/`, cookie: undefined },
    ];
    if (other) {
      const seeded = await userWithMonth(other.url);
      pages.push({
        name: `/month/${seeded.monthId}?tab=calendar&view=calendar of the build in ${options.compare} (${seeded.posts} posts)`,
        url: `${other.url}/month/${seeded.monthId}?tab=calendar&view=calendar`,
        cookie: seeded.client.cookieHeader(),
      });
    }
    const load = startBackgroundLoad(options.backgroundLoad);
    loadDescription = load.description;
    stopLoad = load.stop;
    loadBefore = os
      .loadavg()
      .map((value) => value.toFixed(2))
      .join(', ');
    const lighthouseResults = pages.map((page) => ({ name: page.name, runs: [] as LighthouseRun[] }));
    for (let i = 0; i < options.lighthouseRuns; i++) {
      for (const [index, page] of pages.entries()) {
        lighthouseResults[index]!.runs.push(await withRetries(() => runLighthouse(browser.port, page.url, page.cookie)));
        process.stdout.write('.');
      }
    }
    console.log('');
    await browser.stop();
    const drawer = await drawerTimings(server.url, cookie, monthId);
    const loadAfter = os
      .loadavg()
      .map((value) => value.toFixed(2))
      .join(', ');
    await stopLoad();

    const jsTable = table(
      ['route', 'JS files', 'JS', 'JS gzipped', 'of which the entry and its static imports'],
      js.map((route) => [route.route, route.files.length, kb(route.raw), kb(route.gzip), kb(route.entryGzip)]),
    );
    const medianOf = (runs: LighthouseRun[], key: keyof LighthouseRun) => median(runs.map((run) => run[key]));
    const lighthouseTable = table(
      ['page', 'performance score (median)', 'scores', 'FCP', 'LCP', 'TBT', 'CLS', 'Speed Index', 'JavaScript transferred', 'longest task'],
      lighthouseResults.map(({ name, runs }) => [
        name,
        medianOf(runs, 'score').toFixed(2),
        runs.map((run) => run.score.toFixed(2)).join(', '),
        ms(medianOf(runs, 'fcp'), 0),
        ms(medianOf(runs, 'lcp'), 0),
        ms(medianOf(runs, 'tbt'), 0),
        medianOf(runs, 'cls').toFixed(3),
        ms(medianOf(runs, 'si'), 0),
        kb(medianOf(runs, 'jsBytes')),
        ms(medianOf(runs, 'longestTask'), 0),
      ]),
    );
    const drawerMedian = median(drawer.runs);
    const login = js.find((route) => route.route === '/login')!;
    const [loginRuns, monthRuns, bareRuns] = lighthouseResults.slice(0, 3).map((result) => result.runs) as [LighthouseRun[], LighthouseRun[], LighthouseRun[]];
    const beside = ` (bare page ${medianOf(bareRuns, 'score').toFixed(2)})`;
    const targets = table(
      ['target', 'measured', 'result'],
      [
        ['/login loads under 100 KB of gzipped JavaScript', kb(login.gzip), pass(login.gzip < 100 * 1024)],
        ['Lighthouse performance >= 0.95 on /login', medianOf(loginRuns, 'score').toFixed(2) + beside, pass(medianOf(loginRuns, 'score') >= 0.95)],
        ['Lighthouse performance >= 0.95 on the month calendar', medianOf(monthRuns, 'score').toFixed(2) + beside, pass(medianOf(monthRuns, 'score') >= 0.95)],
        ['month calendar: Total Blocking Time under 100 ms', ms(medianOf(monthRuns, 'tbt'), 0), pass(medianOf(monthRuns, 'tbt') < 100)],
        ['month calendar: no main-thread task over 50 ms', ms(medianOf(monthRuns, 'longestTask'), 0), pass(medianOf(monthRuns, 'longestTask') <= 50)],
        [
          `drawer visible under 100 ms after clicking a post (median of ${drawer.runs.length})`,
          `${ms(drawerMedian)} (first open ${ms(drawer.first)})`,
          pass(drawerMedian < 100),
        ],
      ],
    );
    const settings = [
      "JavaScript: the files a route needs before it renders, gzip level 6, CSS not counted: for /login its own build's entry with its static imports (login.html is a document of its own); for the month the app's entry with its static imports plus the files the server preloads for the page (.vite/route-preloads.json).",
      `Lighthouse ${(await import('lighthouse/package.json', { with: { type: 'json' } })).default.version}: default (mobile) configuration with simulated throttling, performance category only, ${options.lighthouseRuns} runs per page taken in turns (login, month, bare page${options.compare ? ", the other build's month" : ''}, again), Debian's Chromium headless; the signed-in page gets the session cookie through extraHeaders. The bare page is bench/bare-page (MantineProvider, all of @mantine/core's styles, a title, text and a button) built by Vite and served by the app's web middleware: the yardstick for this machine's load. "Longest task" is the longest entry of Lighthouse's long-tasks audit (tasks over 50 ms, durations as Lighthouse estimates them under its CPU throttling); 0 ms when it lists none. Background load during the Lighthouse runs and the drawer timings: ${loadDescription}. Load average before and after the runs: ${loadBefore} / ${loadAfter} (\`uptime\`).`,
      `Drawer: Playwright with the same Chromium at 1280x900; the click and the timing happen in the page (performance.now() from the click to the first animation frame in which a [role=dialog] has a box and the URL holds post=), then Escape closes it; ${drawer.note}. Median of ${drawer.runs.length} after one first open; runs: ${drawer.runs.map((value) => value.toFixed(0)).join(', ')} ms.`,
    ].join('\n\n');
    const markdown = [machine(command), '', targets, '', jsTable, '', lighthouseTable, '', settings].join('\n');
    console.log(`\n${targets}\n\n${jsTable}\n\n${lighthouseTable}`);
    if (options.write) writeSection('web', markdown);
  } finally {
    await stopLoad();
    await browser.stop().catch(() => undefined);
    await bare.stop();
    await other?.stop();
    await server.stop();
  }
}

await main();
