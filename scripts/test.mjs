#!/usr/bin/env node
// Runs every test tier and says plainly what ran, what was skipped and why.
//   unit  -> pure rules and server units
//   api   -> the real HTTP server on SQLite, then on PostgreSQL
//   e2e   -> the built app in Debian's Chromium
// With CI=true a missing PostgreSQL or Chromium is a failure, never a skip.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';

const CI = process.env.CI === 'true' || process.env.CI === '1';
const POSTGRES_URL = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const only = process.argv.slice(2); // e.g. `npm test -- unit api:sqlite`

async function postgresProblem() {
  const client = new pg.Client({ connectionString: POSTGRES_URL, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query('select 1');
    return null;
  } catch (error) {
    return `PostgreSQL is not reachable at ${POSTGRES_URL} (${error.message})`;
  } finally {
    await client.end().catch(() => {});
  }
}

function run(label, command, args, env = {}) {
  const reportDir = mkdtempSync(path.join(tmpdir(), 'planner-report-'));
  const report = path.join(reportDir, 'report.json');
  console.log(`\n=== ${label} ===`);
  const result = spawnSync(command, [...args, '--reporter=default', '--reporter=json', `--outputFile.json=${report}`], {
    stdio: 'inherit',
    env: { ...process.env, ...env },
  });
  let counts = { passed: 0, failed: 0, skipped: 0 };
  if (existsSync(report)) {
    const json = JSON.parse(readFileSync(report, 'utf8'));
    counts = { passed: json.numPassedTests, failed: json.numFailedTests, skipped: json.numPendingTests + json.numTodoTests };
  }
  rmSync(reportDir, { recursive: true, force: true });
  const ok = result.status === 0;
  if (!ok && counts.failed === 0) counts.failed = 1; // the runner itself failed (e.g. a file did not load)
  return { label, ok, ...counts };
}

const suites = [];
const skipped = [];
const wanted = (name) => only.length === 0 || only.some((item) => name.startsWith(item));
const vitest = ['node_modules/.bin/vitest', 'run'];

if (wanted('unit')) suites.push(run('unit tests', vitest[0], [vitest[1], '--project', 'unit']));
if (wanted('api:sqlite')) suites.push(run('API tests on SQLite', vitest[0], [vitest[1], '--project', 'api'], { TEST_DB: 'sqlite' }));

if (wanted('api:postgres')) {
  const problem = await postgresProblem();
  if (problem) skipped.push({ suite: 'API tests on PostgreSQL', why: `${problem}. Start it, or set TEST_POSTGRES_URL.` });
  else suites.push(run('API tests on PostgreSQL', vitest[0], [vitest[1], '--project', 'api'], { TEST_DB: 'postgres', TEST_POSTGRES_URL: POSTGRES_URL }));
}

if (wanted('e2e')) {
  if (!existsSync(CHROMIUM)) {
    skipped.push({ suite: 'browser tests', why: `Chromium not found at ${CHROMIUM}. Install it with: apt-get install -y chromium (or set CHROMIUM_PATH).` });
  } else {
    console.log('\n=== building the app for the browser tests ===');
    const build = spawnSync('npm', ['run', 'build', '--silent'], { stdio: 'inherit' });
    if (build.status !== 0) suites.push({ label: 'build for browser tests', ok: false, passed: 0, failed: 1, skipped: 0 });
    else suites.push(run('browser tests (Chromium)', vitest[0], [vitest[1], '--project', 'e2e'], { CHROMIUM_PATH: CHROMIUM }));
  }
}

console.log('\n=== summary ===');
for (const suite of suites) {
  console.log(`${suite.ok ? 'ok  ' : 'FAIL'} ${suite.label}: ${suite.passed} passed, ${suite.failed} failed, ${suite.skipped} skipped`);
}
for (const item of skipped) console.log(`${CI ? 'FAIL' : 'SKIP'} ${item.suite}: ${item.why}`);

const total = suites.reduce((sum, suite) => ({ passed: sum.passed + suite.passed, failed: sum.failed + suite.failed, skipped: sum.skipped + suite.skipped }), {
  passed: 0,
  failed: 0,
  skipped: 0,
});
const failedForCi = CI ? skipped.length : 0;
console.log(`\n${total.passed} passed, ${total.failed + failedForCi} failed, ${total.skipped} skipped`);
if (skipped.length > 0 && CI) console.log('CI=true: a suite that cannot run counts as failed.');
process.exit(suites.every((suite) => suite.ok) && failedForCi === 0 ? 0 : 1);
