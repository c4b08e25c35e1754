import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { defineConfig } from '@playwright/test'
import {
  chromiumArgs,
  chromiumPath,
  contactUrl,
  e2ePorts,
  e2eRefundPolicy,
  e2eVenue,
  pwaUrl,
} from './support/stack.ts'

const root = join(import.meta.dirname, '..')
// Every run starts on empty data (accounts, registrations, flags). Workers load this file too; they inherit
// the folder the main process chose through the environment, so only one is made per run.
process.env.E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'furfes-e2e-data-'))

const ownApi = 'mypage-expiry.spec.ts'
const cognitoClock = 'exclusive/session-expiry.spec.ts'

/**
 * Four projects on the one stack. `parallel` holds every test that owns its data (its own user, mocked routes)
 * and runs on two workers. `exclusive` (tests/exclusive) holds what must run alone: tests that switch the
 * site-wide feature flags or capacities every other test depends on. It starts once `parallel` is done and runs
 * one test at a time, which leaves the second worker to `own-api`: the checkout-expiry test, which starts an API
 * of its own on its own data and spends a minute waiting for that API's shortest hold to run out, shares none of
 * what the exclusive tests switch, and waits beside them instead of holding a worker of `parallel`
 * (docs/decisions/210-tests-that-wait-run-beside-the-exclusive-ones.md). It signs in through the stack's Cognito,
 * whose clock the session-expiry test moves a month ahead: that test runs last, in `cognito-clock`, once both
 * are done.
 */
export default defineConfig({
  testDir: './tests',
  workers: Number(process.env.E2E_WORKERS ?? 2),
  projects: [
    { name: 'parallel', testIgnore: ['exclusive/**', ownApi], fullyParallel: true },
    {
      name: 'exclusive',
      testMatch: 'exclusive/**/*.spec.ts',
      testIgnore: cognitoClock,
      workers: 1,
      dependencies: ['parallel'],
    },
    { name: 'own-api', testMatch: ownApi, workers: 1, dependencies: ['parallel'] },
    { name: 'cognito-clock', testMatch: cognitoClock, workers: 1, dependencies: ['exclusive', 'own-api'] },
  ],
  forbidOnly: true,
  retries: 0,
  // npm test sums the JSON report into its closing "N passed, N failed" line.
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [['list'], ['json']] : [['list']],
  timeout: 60_000,
  // Two browsers, the stack and the builds share two cores: an assertion may wait longer than on a desktop.
  expect: { timeout: 10_000 },
  use: {
    baseURL: pwaUrl,
    launchOptions: { executablePath: chromiumPath, args: chromiumArgs },
    trace: 'off',
  },
  webServer: {
    // The same stack `npm start` runs, on the production builds `npm test` made just before.
    command: `node ${join(root, 'scripts/start.mjs')} --no-build`,
    // The start script says so once every service answers (the API may still be opening its database when
    // the PWA already does): tests begin only then. No `url` beside it: Playwright starts the tests on whichever
    // comes first, and the PWA answering first sent the first tests to an API not yet listening. A service that
    // finds its port taken stops the start script, which fails the run.
    wait: { stdout: /Furfes is running/ },
    env: {
      ...e2ePorts,
      DATA_DIR: process.env.E2E_DATA_DIR,
      CONTACT_URL: contactUrl,
      // One spot, so the sold-out test (tests/exclusive) sells a tier out with one registration.
      TIER_CAPACITIES: 'sponsor_fursuiter=1',
      VENUE: JSON.stringify(e2eVenue),
      REFUND_POLICY: `${e2eRefundPolicy.earlyUntil},${e2eRefundPolicy.lateUntil}`,
    },
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
    gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
  },
})
