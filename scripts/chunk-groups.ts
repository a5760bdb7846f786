/**
 * How the app's build groups code into files. Left to itself the bundler makes a file for every set of
 * modules that two lazy pages share: the month screen loaded 49 files, and on a phone each file costs
 * a round trip before the screen can paint. Instead, the first screen most owners open (the signed-in
 * layout with the month calendar) loads three files besides the entry:
 * - `ui`: the UI kit parts (Mantine, its positioning helpers, icons) that screen uses;
 * - `month`: the app's own code for it, with the libraries it imports;
 * - `ui-more`: every other UI kit part, in one file the other screens share.
 * Code only some screens use (charts, dates, forms with their zod schemas, the editor, toasts) keeps
 * its own chunks and loads with those screens. Grouping moves code between files, never changes it.
 */
import path from 'node:path';
import type { Rolldown } from 'vite';
import { namedImports, reExports } from './named-imports';

type CodeSplitting = Exclude<NonNullable<Rolldown.OutputOptions['codeSplitting']>, boolean>;
type ChunkingContext = Parameters<Extract<NonNullable<CodeSplitting['groups']>[number]['name'], (...args: never[]) => unknown>>[1];

const UI_KIT =
  /[\\/]node_modules[\\/](?:@mantine[\\/](?:core|hooks)|@floating-ui|@tabler[\\/]icons-react|react-remove-scroll|react-remove-scroll-bar|react-style-singleton|use-sidecar|use-callback-ref|get-nonce|tslib|clsx)[\\/]/;
const PACKAGE = /[\\/]node_modules[\\/]/;
/**
 * The modules the roots import statically, directly or not. Through a package's index (`@mantine/core`)
 * only to the modules of the names imported from it, since an index imports the whole package.
 */
function staticGraph(roots: string[], context: ChunkingContext): Set<string> {
  const found = new Set<string>();
  const pending = [...roots];
  while (pending.length > 0) {
    const id = pending.pop()!;
    if (found.has(id)) continue;
    found.add(id);
    const info = context.getModuleInfo(id);
    if (!info) continue;
    if (PACKAGE.test(id)) {
      pending.push(...info.importedIds);
      continue;
    }
    const fromPackages = namedImports(info.code ?? '').filter(({ from }) => !from.startsWith('.') && !from.startsWith('@shared/'));
    for (const imported of info.importedIds) {
      const index = PACKAGE.test(imported) ? context.getModuleInfo(imported) : null;
      const targets = index?.code ? reExports(index.code, index.id) : new Map<string, string>();
      const names = fromPackages.filter(({ from }) => imported.includes(`${path.sep}node_modules${path.sep}${from}${path.sep}`)).flatMap(({ names }) => names);
      const specific = names.map((name) => targets.get(name));
      if (names.length > 0 && specific.every(Boolean)) {
        found.add(imported);
        pending.push(...(specific as string[]));
      } else pending.push(imported);
    }
  }
  return found;
}

export function chunkGroups(webRoot: string): CodeSplitting {
  const root = (file: string) => path.join(webRoot, file);
  const screenRoots = [root('app/layout/signed-in-layout.tsx'), root('routes/month-page.tsx')];
  let firstScreen: Set<string> | undefined;
  const inFirstScreen = (id: string, context: ChunkingContext) => (firstScreen ??= staticGraph([root('main.tsx'), ...screenRoots], context)).has(id);
  let monthApp: Set<string> | undefined;
  const inMonthApp = (id: string, context: ChunkingContext) =>
    (monthApp ??= new Set([...staticGraph(screenRoots, context)].filter((id) => !PACKAGE.test(id)))).has(id);
  return {
    groups: [
      { name: (id, context) => (UI_KIT.test(id) && inFirstScreen(id, context) ? 'ui' : null), priority: 3 },
      { name: (id, context) => (inMonthApp(id, context) ? 'month' : null), priority: 2 },
      { name: 'ui-more', test: UI_KIT, priority: 1 },
    ],
  };
}
