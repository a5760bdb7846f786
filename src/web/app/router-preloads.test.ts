/**
 * The server preloads each page's lazy chunks from the list in scripts/route-preloads.ts, which has to
 * name the modules src/web/app/router.tsx loads lazily. This keeps the two in step: a page added to
 * the router without its preloads would still work, only slower, so nothing else would notice.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROUTE_MODULES } from '../../../scripts/route-preloads';

const router = readFileSync(path.join(import.meta.dirname, 'router.tsx'), 'utf8');
/** Every module the router imports lazily, relative to src/web, e.g. 'routes/month-page.tsx'. */
const lazyModules = [...router.matchAll(/import\('(\.{1,2}\/[^']+)'\)/g)].map((match) => `${path.posix.join('app', match[1]!)}.tsx`);

describe("the route preloads' list", () => {
  it('names every module the router loads lazily, and only those', () => {
    const listed = new Set(ROUTE_MODULES.flatMap((route) => route.modules));
    expect(lazyModules.length).toBeGreaterThan(5);
    expect(lazyModules.filter((module) => !listed.has(module))).toEqual([]);
    expect([...listed].filter((module) => !lazyModules.includes(module))).toEqual([]);
  });
});
