/**
 * A Vite plugin that lists, for each page of the web app, the chunks its route loads lazily (with their
 * static imports and CSS) in `.vite/route-preloads.json`. The server puts them into that page's
 * index.html as `<link rel="modulepreload">` and stylesheets, so they download beside the entry
 * instead of after it has run (src/server/middleware/web-app.ts). A page with a document of its own
 * (LOGIN_DOCUMENT) is listed with that document instead: Vite writes its preloads into it.
 */
import path from 'node:path';
import type { Plugin, Rolldown } from 'vite';

export const ROUTE_PRELOADS_FILE = '.vite/route-preloads.json';
/** The manifest of the login document's own build (vite.login.config.ts). */
export const LOGIN_MANIFEST = '.vite/login-manifest.json';

export interface RoutePreload {
  /** A page's path, or with `prefix` the start of its paths ('/month/'). */
  path: string;
  prefix?: boolean;
  /** The page's own HTML file, when it is not index.html. */
  document?: string;
  scripts: string[];
  styles: string[];
}

/**
 * The login page is a document of its own (src/web/login.html, built by vite.login.config.ts): it is
 * every visitor's first download, so it has no router or query cache.
 */
export const LOGIN_DOCUMENT = { path: '/login', document: 'login.html' };

const LAYOUT = 'app/layout/signed-in-layout.tsx';

/** The lazy modules of each page, as src/web/app/router.tsx loads them (relative to src/web). */
export const ROUTE_MODULES: { path: string; prefix?: boolean; modules: string[] }[] = [
  { path: '/onboarding', modules: ['features/onboarding/components/onboarding-page.tsx'] },
  { path: '/dashboard', modules: [LAYOUT, 'features/dashboard/components/dashboard-page.tsx'] },
  { path: '/workspace', modules: [LAYOUT, 'features/workspace/components/workspace-page.tsx'] },
  { path: '/month/', prefix: true, modules: [LAYOUT, 'routes/month-page.tsx'] },
  { path: '/library', modules: [LAYOUT, 'features/media-library/components/library-page.tsx'] },
  { path: '/analytics', modules: [LAYOUT, 'features/analytics/components/analytics-page.tsx'] },
  { path: '/settings', modules: [LAYOUT, 'features/settings/components/settings-page.tsx'] },
  { path: '/feedback', modules: [LAYOUT, 'features/feedback/components/feedback-page.tsx'] },
  { path: '/review/', prefix: true, modules: ['features/review/components/review-route.tsx'] },
];

type ChunkWithCss = Rolldown.OutputChunk & { viteMetadata?: { importedCss: Set<string> } };

export function routePreloads(webRoot: string): Plugin {
  return {
    name: 'route-preloads',
    // The dev server answers /login with the login document, as the built server does.
    configureServer(server) {
      server.middlewares.use((request, _response, next) => {
        const [pathname = '', query] = (request.url ?? '').split('?');
        if (pathname === LOGIN_DOCUMENT.path) request.url = `/${LOGIN_DOCUMENT.document}${query === undefined ? '' : `?${query}`}`;
        next();
      });
    },
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((output): output is ChunkWithCss => output.type === 'chunk');
      const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
      const withImports = (fileName: string, into: Set<string>) => {
        if (into.has(fileName)) return into;
        into.add(fileName);
        for (const imported of byFile.get(fileName)?.imports ?? []) withImports(imported, into);
        return into;
      };
      // What index.html loads already: the entry and its static imports.
      const entry = chunks.find((chunk) => chunk.isEntry);
      const loaded = entry ? withImports(entry.fileName, new Set()) : new Set<string>();
      const routes: RoutePreload[] = ROUTE_MODULES.map(({ path: routePath, prefix, modules }) => {
        const files = new Set<string>();
        for (const module of modules) {
          const id = path.join(webRoot, module);
          const chunk = chunks.find((candidate) => candidate.facadeModuleId === id) ?? chunks.find((candidate) => candidate.moduleIds.includes(id));
          if (!chunk) throw new Error(`route-preloads: no chunk for ${module}; update ROUTE_MODULES in scripts/route-preloads.ts to match the router.`);
          withImports(chunk.fileName, files);
        }
        const scripts = [...files].filter((file) => !loaded.has(file));
        const styles = [...new Set(scripts.flatMap((file) => [...(byFile.get(file)?.viteMetadata?.importedCss ?? [])]))];
        return { path: routePath, ...(prefix ? { prefix } : {}), scripts, styles };
      });
      const login: RoutePreload = { ...LOGIN_DOCUMENT, scripts: [], styles: [] };
      this.emitFile({ type: 'asset', fileName: ROUTE_PRELOADS_FILE, source: `${JSON.stringify([login, ...routes], null, 2)}\n` });
    },
  };
}
