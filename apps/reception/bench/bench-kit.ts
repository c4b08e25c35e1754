// What the reception's benchmarks (and the e2e one that repeats the scan on the real stack) share: their
// `--name=value` options, a seeded generator, quantiles and the Markdown tables they print for
// docs/benchmarks.md.

/** `--frames=5 --json` as a map: `frames` → `'5'`, `json` → `undefined` (test it with `has`). */
export function benchArgs(): Map<string, string> {
  return new Map(process.argv.slice(2).map((arg) => arg.replace(/^--/, '').split('=') as [string, string]))
}

/** A seeded generator, so every run works on the same corpus. */
export function seededRandom(seed: number) {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

/** The `q` quantile (0.5 = median) of `values`; NaN when there are none. */
export function quantile(values: number[], q: number): number {
  if (values.length === 0) return Number.NaN
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN
}

/** Prints the rows as a Markdown table, columns in the order of the first row's keys. */
export function printTable(rows: Record<string, string | number>[]) {
  const columns = Object.keys(rows[0] ?? {})
  console.log(`| ${columns.join(' | ')} |`)
  console.log(`| ${columns.map(() => '---').join(' | ')} |`)
  for (const row of rows) console.log(`| ${columns.map((column) => row[column]).join(' | ')} |`)
}

/** Prints each measure's median and largest value in milliseconds, one row a measure. */
export function printTimings(measures: [measure: string, values: number[]][]) {
  printTable(
    measures.map(([measure, values]) => ({
      measure,
      'median ms': quantile(values, 0.5).toFixed(1),
      'max ms': quantile(values, 1).toFixed(1),
    })),
  )
}
