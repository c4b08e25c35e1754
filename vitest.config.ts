import { availableParallelism } from 'node:os'
import { fileURLToPath } from 'node:url'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vitest/config'
import { buildEditionPlugin } from './apps/pwa/tooling/build-edition.ts'

const setupFiles = [fileURLToPath(new URL('./scripts/test/fail-on-console-error.ts', import.meta.url))]
const domSetupFiles = [
  ...setupFiles,
  fileURLToPath(new URL('./scripts/test/react-cleanup.ts', import.meta.url)),
]

/** One run covers every package: unit tests beside the code, integration tests in apps/api/test. */
export default defineConfig({
  test: {
    // One test file per core. Vitest's default leaves one core free (one worker on a 2-core machine), but a
    // file often waits (on PostgreSQL, a child process, a server it started) rather than computes.
    maxWorkers: availableParallelism(),
    projects: [
      { test: { name: 'tooling', root: './scripts', include: ['**/*.test.ts'], setupFiles } },
      {
        test: {
          name: 'core',
          // Files share a worker's loaded modules (zod, the contract) instead of loading them again each
          // (decision 199).
          isolate: false,
          root: './packages/core',
          include: ['src/**/*.test.ts'],
          setupFiles,
        },
      },
      {
        plugins: [react()],
        test: {
          name: 'ui',
          isolate: false,
          root: './packages/ui',
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: domSetupFiles,
        },
      },
      {
        plugins: [react(), buildEditionPlugin()],
        test: {
          name: 'pwa',
          // Files share a worker's jsdom and loaded modules (React, MUI, the app) instead of loading them again
          // each; the setup file empties the device's storage before each file (decision 198).
          isolate: false,
          root: './apps/pwa',
          // Whole pages render, lazily loaded pages and all: seconds on a busy two-core machine.
          testTimeout: 30_000,
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          // IndexedDB for Dexie (the offline caches): jsdom has none.
          setupFiles: [
            ...domSetupFiles,
            fileURLToPath(new URL('./apps/pwa/src/test/setup.ts', import.meta.url)),
          ],
        },
      },
      {
        plugins: [react()],
        test: {
          name: 'reception',
          isolate: false,
          root: './apps/reception',
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          // IndexedDB for Dexie: jsdom has none.
          setupFiles: [
            ...domSetupFiles,
            fileURLToPath(new URL('./apps/reception/src/test/setup.ts', import.meta.url)),
          ],
        },
      },
      {
        test: {
          name: 'api',
          // Files share a worker's loaded modules (the API, drizzle, PGlite) instead of loading them again each:
          // every file opens its own databases and APIs, and the files that fake timers or set environment
          // variables restore them after each test.
          isolate: false,
          root: './apps/api',
          include: ['{src,test}/**/*.test.ts'],
          setupFiles,
          // A throw-away PostgreSQL 15 cluster: the integration tests run on it as well as on PGlite.
          globalSetup: [fileURLToPath(new URL('./apps/api/test/support/global-setup.ts', import.meta.url))],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'cognito-emulator',
          root: './apps/cognito-emulator',
          include: ['{src,test}/**/*.test.ts'],
          setupFiles,
        },
      },
      {
        test: {
          name: 'stripe-emulator',
          root: './apps/stripe-emulator',
          include: ['{src,test}/**/*.test.ts'],
          setupFiles,
        },
      },
      {
        test: {
          name: 'push-emulator',
          root: './apps/push-emulator',
          include: ['{src,test}/**/*.test.ts'],
          setupFiles,
        },
      },
      {
        test: {
          name: 'infra',
          root: './infra',
          include: ['test/**/*.test.ts'],
          setupFiles,
          // A synthesis of the whole stack (bundling, CloudFormation validation) takes seconds, not milliseconds.
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
})
