import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { pathAliases } from './path-aliases';
import { chunkGroups } from './scripts/chunk-groups';
import { routePreloads } from './scripts/route-preloads';

const webRoot = path.resolve(import.meta.dirname, 'src/web');

export default defineConfig({
  plugins: [react(), routePreloads(webRoot)],
  resolve: { alias: pathAliases },
  root: 'src/web',
  publicDir: 'public',
  build: {
    outDir: '../../dist/web',
    emptyOutDir: true,
    sourcemap: false,
    manifest: true,
    // The login document is built by vite.login.config.ts.
    rolldownOptions: { input: path.join(webRoot, 'index.html'), output: { codeSplitting: chunkGroups(webRoot) } },
  },
  server: {
    port: 5173,
    // The API trusts its own origin only; the dev proxy presents requests as coming from it.
    proxy: {
      '/api': {
        target: 'http://127.0.0.1:3000',
        configure: (proxy) => proxy.on('proxyReq', (request) => request.getHeader('origin') && request.setHeader('origin', 'http://127.0.0.1:3000')),
      },
    },
  },
});
