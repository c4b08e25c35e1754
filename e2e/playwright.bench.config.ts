import { defineConfig } from '@playwright/test'
import base from './playwright.config.ts'

/**
 * Benchmarks that need the whole running stack (`npm run bench` runs this through the package's `bench`
 * script): the same stack and browser as the e2e tests, the specs in ./bench, figures printed to the console.
 */
export default defineConfig({
  ...base,
  testDir: './bench',
  reporter: [['list']],
  timeout: 300_000,
})
