// The performance budgets of the public site (decision 041), computed from dist/.vite/bundle-report.json for
// the benchmark; e2e/tests/budgets.spec.ts measures the same budget in the browser.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { type BundleReport, bundleReportFile, type ReportedChunk } from './bundle-report.ts'

/** The top page ships at most this much JavaScript, gzip-compressed. */
export const topPageJsBudgetKiB = 170

/** Packages no public page may load: the Cognito SDK and the QR scanner belong to My Page and reception. */
const forbiddenOnPublicPages = [/^@aws-sdk\//, /^@smithy\//, /^@zxing\//, /^zxing-wasm$/, /^qr-scanner$/]

export function readBundleReport(distDir: string): BundleReport {
  return JSON.parse(readFileSync(join(distDir, bundleReportFile), 'utf8')) as BundleReport
}

/**
 * The chunks a page loads before it is interactive: the entry and everything it imports statically, plus the
 * page's own lazy chunk and its static imports (the client loads them before hydrating).
 */
export function chunksForPage(report: BundleReport, pageSource: string): ReportedChunk[] {
  const byFile = new Map(report.chunks.map((chunk) => [chunk.file, chunk]))
  const seen = new Map<string, ReportedChunk>()
  const visit = (chunk: ReportedChunk | undefined) => {
    if (!chunk || seen.has(chunk.file)) return
    seen.set(chunk.file, chunk)
    for (const file of chunk.imports) visit(byFile.get(file))
  }
  const entries = report.chunks.filter((chunk) => chunk.isEntry)
  if (entries.length !== 1) throw new Error(`Expected one entry chunk, found ${entries.length}`)
  visit(entries[0])
  // The entry starts the app (src/boot.tsx) right after the first paint: it is part of every page load.
  visit(report.chunks.find((chunk) => chunk.isDynamicEntry && chunk.source === 'src/boot.tsx'))
  const page = report.chunks.find((chunk) => chunk.isDynamicEntry && chunk.source === pageSource)
  if (!page) throw new Error(`No lazy chunk for ${pageSource}`)
  visit(page)
  return [...seen.values()]
}

export function gzipKiB(chunks: readonly ReportedChunk[]): number {
  return chunks.reduce((sum, chunk) => sum + chunk.gzipBytes, 0) / 1024
}

/** The forbidden packages among the chunks, for the failure message. */
export function forbiddenPackagesIn(chunks: readonly ReportedChunk[]): string[] {
  return chunks.flatMap((chunk) =>
    chunk.packages
      .filter((name) => forbiddenOnPublicPages.some((pattern) => pattern.test(name)))
      .map((name) => `${name} in ${chunk.file}`),
  )
}
