/*
 * `pnpm --filter @furfes/reception bench:bundle` after a build: what the scanner's first load downloads and
 * what the Dashboard tab adds on its first visit (decision 131), in gzip -9 bytes, from dist/.vite/manifest.json.
 * Fails when the chart library reaches the first load. Figures: docs/benchmarks.md.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'

interface ManifestChunk {
  file: string
  src?: string
  isEntry?: boolean
  isDynamicEntry?: boolean
  imports?: string[]
  css?: string[]
}

const dist = join(import.meta.dirname, '../dist')
const manifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8')) as Record<
  string,
  ManifestChunk
>

/** A chunk and everything it imports statically: what the browser fetches before running it. */
function closure(key: string, into = new Set<string>()): Set<string> {
  const chunk = manifest[key]
  if (!chunk || into.has(chunk.file)) return into
  into.add(chunk.file)
  for (const css of chunk.css ?? []) into.add(css)
  for (const imported of chunk.imports ?? []) closure(imported, into)
  return into
}

const gzipKiB = (files: Iterable<string>) =>
  [...files].reduce((sum, file) => sum + gzipSync(readFileSync(join(dist, file)), { level: 9 }).length, 0) /
  1024
const rawKiB = (files: Iterable<string>) =>
  [...files].reduce((sum, file) => sum + readFileSync(join(dist, file)).length, 0) / 1024

const entry = Object.entries(manifest).find(([, chunk]) => chunk.isEntry)?.[0]
if (!entry) throw new Error('No entry in the manifest')
const firstLoad = closure(entry)
const dashboardKey = Object.keys(manifest).find((key) => key.endsWith('src/dashboard/DashboardPage.tsx'))
if (!dashboardKey) throw new Error('The dashboard is not a chunk of its own')
const dashboard = [...closure(dashboardKey)].filter((file) => !firstLoad.has(file))

// A class name only MUI X Charts' code contains.
const chartMarker = 'MuiChartsAxis'
const chartsInFirstLoad = [...firstLoad].filter((file) =>
  readFileSync(join(dist, file), 'utf8').includes(chartMarker),
)
const chartsInDashboard = dashboard.some((file) =>
  readFileSync(join(dist, file), 'utf8').includes(chartMarker),
)

const round = (kib: number) => Math.round(kib * 10) / 10
console.log('| load | files | KiB | KiB gzip -9 |')
console.log('|---|---|---|---|')
console.log(
  `| first load (entry and its imports) | ${firstLoad.size} | ${round(rawKiB(firstLoad))} | ${round(gzipKiB(firstLoad))} |`,
)
console.log(
  `| Dashboard tab, added on first visit | ${dashboard.length} | ${round(rawKiB(dashboard))} | ${round(gzipKiB(dashboard))} |`,
)
if (chartsInFirstLoad.length > 0 || !chartsInDashboard) {
  console.error(
    `The chart library must load with the dashboard only; in the first load: ${chartsInFirstLoad.join(', ')}`,
  )
  process.exit(1)
}
