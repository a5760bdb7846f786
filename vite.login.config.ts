/**
 * The login document (src/web/login.html), built on its own after the app (`npm run build`). Sharing
 * one build with the app, the libraries it uses would be split into the many small files the app's
 * pages share; alone, it is one script and one stylesheet holding only what the form uses.
 */
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { pathAliases } from './path-aliases';
import { LOGIN_DOCUMENT, LOGIN_MANIFEST } from './scripts/route-preloads';

export default defineConfig({
  plugins: [react()],
  resolve: { alias: pathAliases },
  root: 'src/web',
  publicDir: false,
  build: {
    outDir: '../../dist/web',
    emptyOutDir: false,
    sourcemap: false,
    manifest: LOGIN_MANIFEST,
    rolldownOptions: { input: path.resolve(import.meta.dirname, 'src/web', LOGIN_DOCUMENT.document) },
  },
});
