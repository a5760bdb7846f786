import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { pathAliases } from './path-aliases';
import { routePreloads } from './scripts/route-preloads';

export default defineConfig({
  plugins: [react(), routePreloads(path.resolve(import.meta.dirname, 'src/web'))],
  resolve: { alias: pathAliases },
  root: 'src/web',
  publicDir: 'public',
  build: {
    outDir: '../../dist/web',
    emptyOutDir: true,
    sourcemap: false,
    manifest: true,
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
