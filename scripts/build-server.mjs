// Bundles the server into dist/server/main.js, and the image renderer's worker thread beside it
// (render-thread.js, which render-pool.ts starts); npm packages stay external (native drivers included).
import { build } from 'esbuild';

await build({
  entryPoints: { main: 'src/server/main.ts', 'render-thread': 'src/server/modules/images/render-thread.ts' },
  outdir: 'dist/server',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
});
