import Papa from 'papaparse'
import { expect } from 'vitest'

/**
 * Parses a CSV the app wrote back into rows keyed by header. The first character is the byte order mark
 * every export starts with (tests assert it on their own, or through `expectCsvDownload`), so it is dropped
 * before parsing.
 */
export function parseCsv(text: string | undefined) {
  return Papa.parse<Record<string, string>>(text?.slice(1) ?? '', { header: true, skipEmptyLines: true })
}

/**
 * The CSV the app handed to the browser: named `fileName`, starting with the byte order mark, with exactly
 * `columns` as its header; its rows parsed back for the test to check.
 */
export function expectCsvDownload(
  download: { text: string; fileName: string } | undefined,
  fileName: string,
  columns: readonly string[],
) {
  expect(download?.fileName).toBe(fileName)
  expect(download?.text.charCodeAt(0)).toBe(0xfeff)
  const parsed = parseCsv(download?.text)
  expect(parsed.meta.fields).toEqual([...columns])
  return parsed
}
