import { defineConfig } from 'vitest/config';

/**
 * Three tiers, run by scripts/test.mjs:
 * - unit: pure rules in src/shared and server units without I/O;
 * - api: the real HTTP server, or the services without HTTP (testing/service-harness.ts), against a
 *   real database (TEST_DB=sqlite|postgres);
 * - e2e: Debian's Chromium walking the built app, one file at a time.
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['src/**/*.test.ts'],
          exclude: ['src/**/*.api.test.ts'],
          environment: 'node',
        },
      },
      {
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
