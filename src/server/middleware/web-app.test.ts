import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { pickEncoding, serveWebApp } from './web-app';

describe('pickEncoding', () => {
  it('prefers brotli, then gzip, as browsers offer them', () => {
    expect(pickEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(pickEncoding('gzip, deflate')).toBe('gzip');
    expect(pickEncoding('deflate')).toBeUndefined();
    expect(pickEncoding(undefined)).toBeUndefined();
    expect(pickEncoding('')).toBeUndefined();
  });

  it('honours q=0 and the wildcard', () => {
    expect(pickEncoding('br;q=0, gzip')).toBe('gzip');
    expect(pickEncoding('br;q=0, gzip;q=0')).toBeUndefined();
    expect(pickEncoding('*')).toBe('br');
    expect(pickEncoding('*;q=0, gzip;q=0.5')).toBe('gzip');
    expect(pickEncoding('identity')).toBeUndefined();
  });
});

describe('serveWebApp', () => {
  it('serves the built files brotli- or gzip-compressed to browsers that accept it', async () => {
    const root = mkdtempSync(path.join(tmpdir(), 'planner-web-'));
    try {
      mkdirSync(path.join(root, 'assets'));
      writeFileSync(path.join(root, 'index.html'), '<!doctype html><title>Planner</title>');
      const script = `export const words = ${JSON.stringify('a content plan for every month '.repeat(400))};\n`;
      writeFileSync(path.join(root, 'assets', 'app-1234.js'), script);
      const app = new Hono().use(serveWebApp(root));
      const get = (encoding: string) => app.request('/assets/app-1234.js', { headers: { 'accept-encoding': encoding } });
      // Files are compressed in the background at start-up and served plain until then.
      for (let tries = 0; !(await get('br')).headers.get('content-encoding') && tries < 200; tries += 1)
        await new Promise((resolve) => setTimeout(resolve, 10));

      const br = await get('gzip, deflate, br');
      expect(br.headers.get('content-encoding')).toBe('br');
      const brBytes = Buffer.from(await br.arrayBuffer());
      expect(brBytes.length).toBeLessThan(script.length / 4);
      expect(brotliDecompressSync(brBytes).toString()).toBe(script);
      const gzip = await get('gzip');
      expect(gzip.headers.get('content-encoding')).toBe('gzip');
      expect(gunzipSync(Buffer.from(await gzip.arrayBuffer())).toString()).toBe(script);
      const plain = await get('identity');
      expect(plain.headers.get('content-encoding')).toBeNull();
      expect(await plain.text()).toBe(script);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  it('caches hashed assets for a year and makes index.html revalidate', async () => {
    const root = mkdtempSync(path.join(tmpdir(), 'planner-web-'));
    try {
      mkdirSync(path.join(root, 'assets'));
      writeFileSync(path.join(root, 'index.html'), '<!doctype html><head><title>Planner</title></head>');
      writeFileSync(path.join(root, 'assets', 'app-1234.js'), 'export {};\n');
      const app = new Hono().use(serveWebApp(root));
      const asset = await app.request('/assets/app-1234.js');
      expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      for (const page of ['/', '/login', '/month/2026-12']) {
        const html = await app.request(page);
        expect(html.headers.get('cache-control')).toBe('no-cache');
      }
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  /** A built app in a temporary folder: index.html, a login document and the build's page list. */
  async function withBuild(preloads: object[], test: (page: (url: string) => Promise<Response>) => Promise<void>) {
    const root = mkdtempSync(path.join(tmpdir(), 'planner-web-'));
    try {
      mkdirSync(path.join(root, '.vite'), { recursive: true });
      writeFileSync(path.join(root, 'index.html'), '<!doctype html><head><title>App</title></head><body></body>');
      writeFileSync(path.join(root, 'login.html'), '<!doctype html><head><title>Login document</title></head><body></body>');
      writeFileSync(path.join(root, '.vite/route-preloads.json'), JSON.stringify(preloads));
      const app = new Hono().use(serveWebApp(root));
      await test(async (url) => app.request(url));
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  }
  const LOGIN_DOCUMENT = { path: '/login', document: 'login.html', scripts: [], styles: [] };

  it("puts each page's route chunks into its index.html as modulepreload links, and no other page's", async () => {
    const preloads = [
      { path: '/dashboard', scripts: ['assets/dashboard-page-1.js'], styles: [] },
      { path: '/month/', prefix: true, scripts: ['assets/layout-2.js', 'assets/month-page-3.js'], styles: ['assets/month-page-3.css'] },
    ];
    await withBuild(preloads, async (request) => {
      const page = async (url: string) => (await request(url)).text();
      const dashboard = await page('/dashboard');
      expect(dashboard).toContain('<link rel="modulepreload" crossorigin href="/assets/dashboard-page-1.js">');
      expect(dashboard).not.toContain('month-page');
      const month = await page('/month/2026-12?tab=calendar');
      expect(month).toContain('<link rel="modulepreload" crossorigin href="/assets/layout-2.js">');
      expect(month).toContain('<link rel="modulepreload" crossorigin href="/assets/month-page-3.js">');
      expect(month).toContain('<link rel="stylesheet" crossorigin href="/assets/month-page-3.css">');
      expect(month.indexOf('month-page-3.js')).toBeLessThan(month.indexOf('</head>'));
      expect(await page('/settings')).not.toContain('modulepreload');
      expect(await page('/dashboard/extra')).not.toContain('modulepreload');
    });
  });

  it("preloads a page's first reads from its HTML, for a month only when its id is one the app asks for", async () => {
    await withBuild([LOGIN_DOCUMENT], async (request) => {
      const page = async (url: string) => (await request(url)).text();
      const preload = (read: string) => `<link rel="preload" as="fetch" crossorigin href="${read}">`;
      const month = await page('/month/2026-12?tab=calendar');
      for (const read of ['/api/me', '/api/months/2026-12', '/api/deliveries?monthId=2026-12']) expect(month).toContain(preload(read));
      expect(await page('/dashboard')).toContain(preload('/api/me'));
      for (const hostile of ['/month/2026-13', '/month/2026-012', '/month/%22%3E%3Cscript%3E', '/month/2026-12/x']) {
        const html = await page(hostile);
        expect(html).not.toContain('/api/months/');
        expect(html).not.toContain('<script');
      }
      expect(await page('/login')).not.toContain('preload');
    });
  });

  it('answers a page that has a document of its own with that document, uncached like index.html', async () => {
    await withBuild([LOGIN_DOCUMENT], async (request) => {
      const login = await request('/login?next=x');
      expect(await login.text()).toContain('Login document');
      expect(login.headers.get('cache-control')).toBe('no-cache');
      expect(await (await request('/login/extra')).text()).toContain('<title>App</title>');
      expect(await (await request('/dashboard')).text()).toContain('<title>App</title>');
    });
  });
});
