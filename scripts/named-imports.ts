/**
 * Reading `import { … } from '…'` in module text, for the build's chunk groups (scripts/chunk-groups.ts)
 * and the check of Mantine's per-component styles (src/web/app/mantine-styles.test.ts). Both follow a
 * package's index only to the modules of the names imported from it: an index imports the whole package.
 */
import path from 'node:path';

export interface NamedImport {
  /** The names as the imported module exports them (`{ a as b }` -> a). */
  names: string[];
  /** The names bound here (`{ a as b }` -> b). */
  locals: string[];
  from: string;
}

const NAMED = /(?:import|export)\s*\{([^}]*)\}\s*from\s*["']([^"']+)["']/g;

export function namedImports(code: string): NamedImport[] {
  return [...code.matchAll(NAMED)].map(([, list = '', from = '']) => {
    const parts = list
      .split(',')
      .map((part) => part.trim().replace(/^type\s+/, ''))
      .filter(Boolean)
      .map((part) => part.split(/\s+as\s+/));
    return { names: parts.map((part) => part[0]!), locals: parts.map((part) => part.at(-1)!), from };
  });
}

/** What a package's index re-exports from its own files: name -> absolute path of the file. */
export function reExports(indexCode: string, indexFile: string): Map<string, string> {
  const targets = new Map<string, string>();
  for (const { locals, from } of namedImports(indexCode)) {
    if (!from.startsWith('.')) continue;
    for (const name of locals) targets.set(name, path.resolve(path.dirname(indexFile), from));
  }
  return targets;
}
