/**
 * bench:bundle — what is in each chunk a route loads, to see what the first screen carries.
 *
 *   npm run bench:bundle [-- --top 12 --all false]
 *
 * Builds the web app with Vite (the project's vite.config.ts) plus a reporting plugin that reads each
 * chunk's modules and their rendered sizes, then prints, for /login and the month calendar, every
 * JavaScript file the route loads before it renders (gzipped size) and the biggest packages or source
 * folders inside each. `--all` lists every chunk of the build. Sizes inside a chunk are before
 * minification's last pass and before gzip: read them as shares, not bytes on the wire.
 */
import path from 'node:path';
import { build, type Plugin } from 'vite';
import { readManifest, routeJs } from './lib/bundle';
import { flags, kb, ROOT, table } from './lib/report';

const options = flags({ top: 12, all: false });

/** node_modules/@scope/name/... -> @scope/name; src/web/features/x/... -> src/web/features/x. */
function owner(id: string): string {
  const clean = id.replace(/^\0/, '').split('?')[0]!;
  const inPackage = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(clean);
  if (inPackage) return inPackage[1]!;
  const relative = path.relative(ROOT, clean);
  const parts = relative.split(path.sep);
  return parts.slice(0, parts[2] === 'features' ? 4 : 3).join('/');
}

const contents = new Map<string, Map<string, number>>();
const report: Plugin = {
  name: 'bundle-report',
  apply: 'build',
  generateBundle(_options, bundle) {
    for (const output of Object.values(bundle)) {
      if (output.type !== 'chunk') continue;
      const owners = new Map<string, number>();
      for (const [id, module] of Object.entries(output.modules)) owners.set(owner(id), (owners.get(owner(id)) ?? 0) + module.renderedLength);
      contents.set(output.fileName, owners);
    }
  },
};

function describe(file: string): string {
  const owners = [...(contents.get(file) ?? new Map<string, number>()).entries()].sort((a, b) => b[1] - a[1]);
  const shown = owners.slice(0, options.top).map(([name, bytes]) => `${name} ${kb(bytes)}`);
  return shown.join(', ') + (owners.length > options.top ? `, and ${owners.length - options.top} more` : '');
}

await build({ configFile: path.join(ROOT, 'vite.config.ts'), plugins: [report], logLevel: 'warn' });
await build({ configFile: path.join(ROOT, 'vite.login.config.ts'), plugins: [report], logLevel: 'warn' });
const routes = routeJs(readManifest());
for (const route of routes) {
  console.log(`\n${route.route}: ${route.files.length} JavaScript files, ${kb(route.gzip)} gzipped (${kb(route.raw)} raw)\n`);
  console.log(
    table(
      ['file', 'gzipped', 'biggest parts (rendered, before gzip)'],
      route.files.map((size) => [size.file, kb(size.gzip), describe(size.file)]),
    ),
  );
}
if (options.all) {
  console.log('\nEvery chunk of the build\n');
  console.log(
    table(
      ['file', 'biggest parts'],
      [...contents.keys()].sort().map((file) => [file, describe(file)]),
    ),
  );
}
