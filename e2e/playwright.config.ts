import { join } from 'node:path'
import { defineConfig } from '@playwright/test'
import { chromiumArgs, chromiumPath, contactUrl, e2ePorts, pwaUrl } from './support/stack.ts'

const root = join(import.meta.dirname, '..')

export default defineConfig({
  testDir: './tests',
  fullyParallel: false,
  workers: 1,
  forbidOnly: true,
  retries: 0,
  // npm test sums the JSON report into its closing "N passed, N failed" line.
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [['list'], ['json']] : [['list']],
  timeout: 60_000,
  use: {
    baseURL: pwaUrl,
    launchOptions: { executablePath: chromiumPath, args: chromiumArgs },
    trace: 'off',
  },
  webServer: {
    // The same stack `npm start` runs, on the production builds `npm test` made just before.
    command: `node ${join(root, 'scripts/start.mjs')} --no-build`,
    url: `${pwaUrl}/ja`,
    env: { ...e2ePorts, DATA_DIR: join(root, '.data/e2e'), CONTACT_URL: contactUrl },
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
    gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
  },
})
