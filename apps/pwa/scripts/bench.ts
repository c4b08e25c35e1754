// `npm run bench` (here: `pnpm bench`): the public site's budget figures, for docs/benchmarks.md.
//  1. JavaScript each public page loads before it is interactive (gzip level 9), from the build's bundle report;
//  2. Lighthouse mobile performance of /ja, /ja/timetable and /en/faq against `vite preview`
//     of the build, through the e2e package's Lighthouse runner: a run at the default 4x CPU slowdown and, when
//     that misses 95 on a host slower than Lighthouse's reference, five calibrated runs whose median decides (decision 041).
//  3. Offline start (decision 090): the precache's size, and the time from a reload with the network off to the
//     timetable painted, median of 15 reloads per language (e2e/support/offline-bench-cli.ts).
// `pnpm bench offline` measures only point 3 (and the precache).
// Needs a build (`pnpm build`) and Chromium at /usr/bin/chromium (or CHROMIUM_PATH).
import { execFile, spawn } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { join } from 'node:path'
import { promisify } from 'node:util'
import {
  chunksForPage,
  forbiddenPackagesIn,
  gzipKiB,
  readBundleReport,
  topPageJsBudgetKiB,
} from '../tooling/budgets.ts'

const root = join(import.meta.dirname, '..')
const run = promisify(execFile)

function pageSource(pageId: string): string {
  return `src/pages/${pageId.replace(/(^|-)([a-z])/g, (_, __, letter: string) => letter.toUpperCase())}Page.tsx`
}

const publicPages = [
  'top',
  'about',
  'about-registration',
  'timetable',
  'venue-map',
  'faq',
  'participants-profile',
  'specified-commercial-transaction-act',
]

const offlineOnly = process.argv.includes('offline')
const report = readBundleReport(join(root, 'dist'))
if (!offlineOnly) printJavaScriptBudgets()

function printJavaScriptBudgets() {
  console.log('## JavaScript loaded before the page is interactive (gzip -9)\n')
  console.log('| Page | Chunks | KiB | Cognito SDK or scanner |')
  console.log('|---|---|---|---|')
  for (const page of publicPages) {
    const chunks = chunksForPage(report, pageSource(page))
    const forbidden = forbiddenPackagesIn(chunks)
    console.log(
      `| ${page} | ${chunks.length} | ${gzipKiB(chunks).toFixed(1)} | ${forbidden.length ? forbidden.join(', ') : 'none'} |`,
    )
  }
  const top = gzipKiB(chunksForPage(report, pageSource('top')))
  console.log(`\nTop page: ${top.toFixed(1)} KiB of a ${topPageJsBudgetKiB} KiB budget.\n`)
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0))
    })
  })
}

const port = await freePort()
const origin = `http://localhost:${port}`
// The pages measured read no service; the runtime config only needs to be well formed.
const preview = spawn('vite', ['preview', '--port', String(port), '--strictPort', '--host', '127.0.0.1'], {
  cwd: root,
  detached: true,
  stdio: 'ignore',
  env: {
    ...process.env,
    COGNITO_MEMBERS_POOL_ID: 'ap-northeast-1_bench',
    COGNITO_MEMBERS_CLIENT_ID: 'bench',
    COGNITO_ADMINS_POOL_ID: 'ap-northeast-1_bench',
    COGNITO_ADMINS_CLIENT_ID: 'bench',
  },
})
try {
  for (let attempt = 0; ; attempt++) {
    const up = await fetch(`${origin}/ja`).then(
      (response) => response.ok,
      () => false,
    )
    if (up) break
    if (attempt > 600) throw new Error('vite preview did not start')
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  if (!offlineOnly) await lighthouse()
  await offlineStart()
} finally {
  stopPreview()
}

function stopPreview() {
  try {
    if (preview.pid) process.kill(-preview.pid, 'SIGTERM')
  } catch (error) {
    // Already gone: whatever stopped it is the error worth seeing, not this one.
    if ((error as NodeJS.ErrnoException).code !== 'ESRCH') throw error
  }
}

async function lighthouse() {
  const urls = ['/ja', '/ja/timetable', '/en/faq'].map((path) => `${origin}${path}`)
  const { stdout } = await run(
    'pnpm',
    ['--silent', '--filter', '@furfes/e2e', 'exec', 'node', 'support/lighthouse-cli.ts', ...urls],
    { cwd: root, maxBuffer: 16 * 1024 * 1024, timeout: 30 * 60_000 },
  )
  const measurements = stdout
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map(
      (line) =>
        JSON.parse(line) as {
          url: string
          score: number
          calibrated: boolean
          runs: {
            score: number
            benchmarkIndex: number
            cpuSlowdown: number
            metrics: { fcp: number; lcp: number; tbt: number; cls: number }
          }[]
        },
    )
  console.log('## Lighthouse mobile performance (every run)\n')
  console.log('| Page | CPU slowdown | Host benchmarkIndex | Score | FCP ms | LCP ms | TBT ms | CLS |')
  console.log('|---|---|---|---|---|---|---|---|')
  for (const measurement of measurements) {
    for (const run of measurement.runs) {
      const { fcp, lcp, tbt, cls } = run.metrics
      console.log(
        `| ${new URL(measurement.url).pathname} | ${run.cpuSlowdown}x | ${run.benchmarkIndex} | ${run.score} | ${fcp} | ${lcp} | ${tbt} | ${cls} |`,
      )
    }
  }
  const median = (values: number[]) =>
    [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN
  console.log('\n| Page | Median at 4x | Median of the deciding scores |')
  console.log('|---|---|---|')
  for (const url of urls) {
    const ofUrl = measurements.filter((measurement) => measurement.url === url)
    const atDefault = ofUrl.flatMap((measurement) => measurement.runs.filter((run) => run.cpuSlowdown === 4))
    console.log(
      `| ${new URL(url).pathname} | ${median(atDefault.map((run) => run.score))} | ${median(ofUrl.map((measurement) => measurement.score))} |`,
    )
  }
}

async function offlineStart() {
  const precache = JSON.parse(readFileSync(join(root, 'dist/.vite/precache-report.json'), 'utf8')) as {
    count: number
    bytes: number
    gzipBytes: number
  }
  console.log('\n## Offline (service worker precache)\n')
  console.log(
    `Precache: ${precache.count} files, ${(precache.bytes / 1024).toFixed(1)} KiB (${(precache.gzipBytes / 1024).toFixed(1)} KiB gzip -9).\n`,
  )
  const { stdout } = await run(
    'pnpm',
    ['--silent', '--filter', '@furfes/e2e', 'exec', 'node', 'support/offline-bench-cli.ts', origin, '15'],
    { cwd: root, maxBuffer: 16 * 1024 * 1024, timeout: 10 * 60_000 },
  )
  console.log('| Page | Reloads | Median reload → timetable painted ms | Min ms | Max ms |')
  console.log('|---|---|---|---|---|')
  for (const line of stdout.split('\n').filter((text) => text.startsWith('{'))) {
    const result = JSON.parse(line) as {
      path: string
      runs: number
      medianReloadToPaintMs: number
      maxReloadToPaintMs: number
      minReloadToPaintMs: number
    }
    console.log(
      `| ${result.path} | ${result.runs} | ${result.medianReloadToPaintMs} | ${result.minReloadToPaintMs} | ${result.maxReloadToPaintMs} |`,
    )
  }
}
