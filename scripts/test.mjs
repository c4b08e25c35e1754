// `npm test`: install when needed, make sure Chromium and Japanese fonts are there, then lint, typecheck and build, unit and
// integration tests (Vitest), and end-to-end tests (Playwright on the running stack). Stops at the first
// failing step and ends with one summary line.
import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { ensureInstalled, root, task } from './lib.mjs'

const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'

const isRoot = typeof process.getuid === 'function' && process.getuid() === 0

/** Japanese fonts, as every phone has: without them each Japanese glyph is a font-fallback search (decision 041). */
function hasJapaneseFonts() {
  const result = spawnSync('fc-list', [':lang=ja', 'family'], { encoding: 'utf8' })
  return result.status === 0 && result.stdout.trim() !== ''
}

/** What the browser tests need from Debian: Chromium and Japanese fonts. Installs them when run as root. */
function ensureBrowserPackages() {
  const missing = []
  if (!existsSync(chromiumPath)) {
    if (process.env.CHROMIUM_PATH) {
      console.error(`Chromium not found at CHROMIUM_PATH (${chromiumPath}).`)
      process.exit(1)
    }
    missing.push('chromium')
  }
  if (!hasJapaneseFonts()) missing.push('fonts-noto-cjk')
  if (missing.length === 0) return
  const install = `apt-get install -y ${missing.join(' ')}`
  if (!isRoot) {
    console.error(`The browser tests need ${missing.join(' and ')}: install with "sudo ${install}".`)
    process.exit(1)
  }
  console.log(`Installing what the browser tests need (${install})…`)
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' }
  for (const args of [
    ['update', '-qq'],
    ['install', '-y', '-qq', ...missing],
  ]) {
    const result = spawnSync('apt-get', args, { stdio: 'inherit', env })
    if (result.status !== 0) {
      console.error(`apt-get ${args.join(' ')} failed; run "sudo ${install}" by hand.`)
      process.exit(1)
    }
  }
}

const reports = join(root, 'test-results')
mkdirSync(reports, { recursive: true })
const vitestReport = join(reports, 'vitest.json')
const playwrightReport = join(reports, 'playwright.json')
for (const report of [vitestReport, playwrightReport]) rmSync(report, { force: true })

const steps = [
  ['lint', () => task('lint')],
  // Every package's build typechecks it first (all of its tsconfigs), so one step does both.
  ['typecheck and build', () => task('build')],
  [
    'unit and integration tests',
    () => task('unit', ['--reporter=default', '--reporter=json', `--outputFile.json=${vitestReport}`]),
  ],
  [
    'end-to-end tests',
    () => {
      process.env.PLAYWRIGHT_JSON_OUTPUT_NAME = playwrightReport
      return task('e2e')
    },
  ],
]

ensureInstalled()
ensureBrowserPackages()

const started = Date.now()
let failedStep
for (const [name, step] of steps) {
  console.log(`\n▶ ${name}`)
  const code = await step()
  if (code !== 0) {
    failedStep = name
    break
  }
}

function countVitest() {
  if (!existsSync(vitestReport)) return { passed: 0, failed: 0 }
  const report = JSON.parse(readFileSync(vitestReport, 'utf8'))
  return { passed: report.numPassedTests ?? 0, failed: report.numFailedTests ?? 0 }
}

function countPlaywright() {
  if (!existsSync(playwrightReport)) return { passed: 0, failed: 0 }
  const stats = JSON.parse(readFileSync(playwrightReport, 'utf8')).stats ?? {}
  return { passed: stats.expected ?? 0, failed: (stats.unexpected ?? 0) + (stats.flaky ?? 0) }
}

// A failing step that runs no tests (lint, typecheck, build) counts as one failure of its own.
const totals =
  failedStep && !failedStep.endsWith('tests') ? { passed: 0, failed: 1 } : { passed: 0, failed: 0 }
if (!failedStep || failedStep.endsWith('tests')) {
  for (const count of [countVitest(), countPlaywright()]) {
    totals.passed += count.passed
    totals.failed += count.failed
  }
}
// A test step that failed without reporting a failed test (its runner could not start) still failed.
if (failedStep && totals.failed === 0) totals.failed = 1
const minutes = ((Date.now() - started) / 60000).toFixed(1)
console.log(
  failedStep
    ? `\n✗ ${failedStep} failed (${minutes} min)`
    : `\n✓ lint, typecheck, build, unit, integration and e2e passed (${minutes} min)`,
)
console.log(`${totals.passed} passed, ${totals.failed} failed`)
process.exit(failedStep ? 1 : 0)
