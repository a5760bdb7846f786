import { defineConfig } from 'vitest/config';
import { pathAliases } from './path-aliases';

/**
 * Three tiers, run by scripts/test.mjs:
 * - unit: pure rules in src/shared and server units without I/O;
 * - api: the real HTTP server, or the services without HTTP (testing/service-harness.ts), against a
 *   real database (TEST_DB=sqlite|postgres);
 * - e2e: Debian's Chromium walking the built app, one file at a time.
 */
export default defineConfig({
  resolve: { alias: pathAliases },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['src/**/*.test.ts'],
          exclude: ['src/**/*.api.test.ts'],
          environment: 'node',
        },
      },
      {
        extends: true,
        test: {
          name: 'api',
          include: ['src/**/*.api.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
          maxWorkers: 2,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['e2e/**/*.e2e.test.ts'],
          environment: 'node',
          testTimeout: 90_000,
          hookTimeout: 120_000,
          fileParallelism: false,
          expect: { poll: { timeout: 10_000, interval: 100 } },
          globalSetup: ['e2e/support/global-setup.ts'],
        },
      },
    ],
  },
});
