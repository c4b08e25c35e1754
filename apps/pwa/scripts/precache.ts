// Writes the precache list into dist/sw.js, after `vite build` and the prerender step (scripts/prerender.ts):
// vite-plugin-pwa builds the service worker before the prerendered pages exist, so it leaves the injection
// point for this step (docs/decisions/090). Also writes dist/.vite/precache-report.json for `pnpm bench`.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import { getManifest, injectManifest } from 'workbox-build'

const dist = join(import.meta.dirname, '../dist')
const swFile = join(dist, 'sw.js')

const precacheReportFile = '.vite/precache-report.json'

const files = {
  globDirectory: dist,
  // The app shell, every page module, both languages' prerendered pages, the timetable and venue-map images,
  // the manifests, the icons and the offline fallback page.
  globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'],
  // The link cards are for crawlers, not for the offline app.
  globIgnores: ['sw.js', '.vite/**', 'server/**', '**/*.map', 'og/**'],
  // Hashed file names change with their content: the name is the revision.
  dontCacheBustURLsMatching: /^assets\//,
  maximumFileSizeToCacheInBytes: 2 * 1024 * 1024,
}
const { count, size, warnings } = await injectManifest({ ...files, swSrc: swFile, swDest: swFile })
if (warnings.length > 0) throw new Error(`Precache: ${warnings.join('; ')}`)

// What a first visit downloads in the background: each file gzip-compressed, as the host sends it.
const { manifestEntries = [] } = await getManifest(files)
const gzipBytes = manifestEntries.reduce(
  (sum, entry) => sum + gzipSync(readFileSync(join(dist, entry.url)), { level: 9 }).length,
  0,
)
mkdirSync(join(dist, '.vite'), { recursive: true })
writeFileSync(
  join(dist, precacheReportFile),
  `${JSON.stringify({ count, bytes: size, gzipBytes }, null, 2)}\n`,
)
console.log(
  `Precached ${count} files, ${(size / 1024).toFixed(1)} KiB (${(gzipBytes / 1024).toFixed(1)} KiB gzip)`,
)
