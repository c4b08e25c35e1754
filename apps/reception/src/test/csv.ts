import Papa from 'papaparse'

/**
 * Parses a CSV the app wrote back into rows keyed by header. The first character is the byte order mark
 * every export starts with (tests assert it on their own), so it is dropped before parsing.
 */
export function parseCsv(text: string | undefined) {
  return Papa.parse<Record<string, string>>(text?.slice(1) ?? '', { header: true, skipEmptyLines: true })
}
