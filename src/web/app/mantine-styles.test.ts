/**
 * The app and the login document import Mantine's styles per component rather than the whole sheet
 * (42 KB gzipped, render-blocking). Mantine pairs every `X.module.mjs` of its components with
 * `styles/X.css`; this walks Mantine's modules from the components our code imports and checks that
 * each stylesheet they need is imported, in the order of Mantine's full sheet.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { namedImports, reExports } from '../../../scripts/named-imports';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const WEB = path.join(ROOT, 'src/web');
const MANTINE = path.join(ROOT, 'node_modules/@mantine/core');
const ALWAYS = ['baseline.css', 'default-css-variables.css', 'global.css'];

const read = (file: string) => readFileSync(file, 'utf8');

/**
 * Names imported from @mantine/core by our code and by the other Mantine packages it loads (toasts,
 * charts): their components are built from core's.
 */
function mantineNames(files: string[]): Set<string> {
  const names = new Set<string>();
  const packages = new Set<string>();
  const collect = (code: string) => {
    for (const imported of namedImports(code)) if (imported.from === '@mantine/core') for (const name of imported.names) names.add(name);
  };
  for (const file of files) {
    const code = read(file);
    collect(code);
    for (const [, name = ''] of code.matchAll(/(?:from\s*|import\()'@mantine\/(notifications|charts|dates)'/g)) packages.add(name);
  }
  for (const name of packages) for (const file of sourceFiles(path.join(ROOT, 'node_modules/@mantine', name, 'esm'), /\.mjs$/)) collect(read(file));
  names.delete('');
  return names;
}

/** The stylesheets Mantine's modules for these names need, following Mantine's own imports. */
function stylesNeeded(names: Set<string>): Set<string> {
  const index = path.join(MANTINE, 'esm/index.mjs');
  const targets = reExports(read(index), index);
  const pending = [...names].flatMap((name) => targets.get(name) ?? []);
  const seen = new Set<string>();
  const styles = new Set(ALWAYS);
  while (pending.length > 0) {
    const file = pending.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    if (file.endsWith('.module.mjs')) styles.add(`${path.basename(file, '.module.mjs')}.css`);
    for (const [, from = ''] of read(file).matchAll(/from\s*"(\.[^"]+)"/g)) pending.push(path.resolve(path.dirname(file), from));
  }
  return styles;
}

/** The Mantine stylesheets a file imports, in order. */
const importedStyles = (file: string) => [...read(file).matchAll(/import\s*'@mantine\/core\/styles\/([\w-]+\.css)'/g)].map((match) => match[1]!);

/** A module and the modules it imports statically from src/web, directly or not. */
function staticGraph(entry: string): string[] {
  const found = new Set<string>();
  const pending = [entry];
  while (pending.length > 0) {
    const file = pending.pop()!;
    if (found.has(file)) continue;
    found.add(file);
    for (const [, from = ''] of read(file).matchAll(/^import\s[^'"]*?from\s*'(\.[^']+)'/gm)) {
      const base = path.resolve(path.dirname(file), from);
      const resolved = ['.tsx', '.ts', '/index.ts']
        .map((ending) => base + ending)
        .find((candidate) => readdirSync(path.dirname(candidate)).includes(path.basename(candidate)));
      if (resolved) pending.push(resolved);
    }
  }
  return [...found];
}

function sourceFiles(folder: string, pattern = /\.tsx?$/): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) return sourceFiles(full, pattern);
    return pattern.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** Position of each stylesheet in Mantine's full sheet: dependencies come first there. */
function sheetOrder(): Map<string, number> {
  const full = read(path.join(MANTINE, 'styles.css'));
  const files = readdirSync(path.join(MANTINE, 'styles')).filter((name) => name.endsWith('.css') && !name.endsWith('.layer.css'));
  return new Map(
    files.map((name) => [
      name,
      full.indexOf(
        read(path.join(MANTINE, 'styles', name))
          .trim()
          .slice(0, 300),
      ),
    ]),
  );
}

describe("Mantine's styles per component", () => {
  const order = sheetOrder();
  const check = (stylesModule: string, files: string[]) => {
    const imported = importedStyles(stylesModule);
    const needed = stylesNeeded(mantineNames(files));
    expect([...needed].filter((name) => !imported.includes(name)).sort()).toEqual([]);
    expect(imported.filter((name) => !needed.has(name))).toEqual([]);
    expect(imported).toEqual([...imported].sort((a, b) => order.get(a)! - order.get(b)!));
  };

  it('the app imports the stylesheet of every Mantine component any of its screens uses, and no other', () => {
    const loginOnly = [path.join(WEB, 'login-main.tsx'), path.join(WEB, 'features/auth/components/login-page.tsx')];
    check(
      path.join(WEB, 'app/mantine-styles.ts'),
      sourceFiles(WEB).filter((file) => !loginOnly.includes(file)),
    );
  });

  it('the login document imports the stylesheets of the components on its page, and no other', () => {
    check(path.join(WEB, 'login-main.tsx'), staticGraph(path.join(WEB, 'login-main.tsx')));
  });

  it('finds what a component needs through the components it is built from', () => {
    const menu = stylesNeeded(new Set(['Menu']));
    expect(menu.has('Menu.css') && menu.has('Popover.css')).toBe(true);
    expect(stylesNeeded(new Set(['Checkbox'])).has('InlineInput.css')).toBe(true);
    // The toast library's Notification is core's: our code never names it, the app still needs its sheet.
    expect(stylesNeeded(mantineNames([path.join(WEB, 'app/providers.tsx')])).has('Notification.css')).toBe(true);
  });
});
