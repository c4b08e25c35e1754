import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

/*
 * docs/requirements.md maps each requirement to the files that implement it and the tests that prove it. A map
 * that names files which were moved or deleted, or rows without a test, quietly stops being true; this test keeps
 * it honest. Rows are the table lines whose first cell is an id such as `REG-3`; paths are the backticked texts of
 * the third (implementation) and fourth (tests) cells, each optionally followed by `#test name`.
 */

const root = fileURLToPath(new URL('../..', import.meta.url))

interface Reference {
  path: string
  /** The name of one test in the file, when the row points at one. */
  name?: string
}

interface Row {
  id: string
  line: number
  implementation: Reference[]
  tests: Reference[]
}

const idPattern = /^[A-Z]+-\d+$/
const testFilePattern = /\.(test|spec)\.tsx?$/

function cells(line: string): string[] {
  return line
    .trim()
    .replace(/^\|/, '')
    .replace(/\|$/, '')
    .split('|')
    .map((cell) => cell.trim())
}

function referencesIn(cell: string): Reference[] {
  return [...cell.matchAll(/`([^`]+)`/g)].map((match) => {
    const text = match[1] ?? ''
    const hash = text.indexOf('#')
    if (hash === -1) return { path: text.trim() }
    return { path: text.slice(0, hash).trim(), name: text.slice(hash + 1).trim() }
  })
}

function parseRows(markdown: string): Row[] {
  const rows: Row[] = []
  markdown.split('\n').forEach((text, index) => {
    if (!text.trimStart().startsWith('|')) return
    const [id = '', , implementation = '', tests = ''] = cells(text)
    if (!idPattern.test(id)) return
    rows.push({
      id,
      line: index + 1,
      implementation: referencesIn(implementation),
      tests: referencesIn(tests),
    })
  })
  return rows
}

interface Files {
  exists(path: string): boolean
  read(path: string): string
}

/** Every problem of the map, one sentence each; none means the map holds. */
function problemsOf(markdown: string, files: Files): string[] {
  const problems: string[] = []
  const seen = new Map<string, number>()
  for (const row of parseRows(markdown)) {
    const where = `${row.id} (line ${row.line})`
    const first = seen.get(row.id)
    if (first !== undefined) problems.push(`${where} repeats the id of line ${first}`)
    else seen.set(row.id, row.line)
    if (row.implementation.length === 0) problems.push(`${where} names no implementing file`)
    if (!row.tests.some(({ path }) => testFilePattern.test(path)))
      problems.push(`${where} names no test file`)
    for (const { path, name } of [...row.implementation, ...row.tests]) {
      if (path === '' || !files.exists(path)) {
        problems.push(`${where} names ${path || 'an empty path'}, which does not exist`)
      } else if (name !== undefined && !files.read(path).includes(name)) {
        // A renamed test would otherwise leave the row pointing at nothing.
        problems.push(`${where} names the test "${name}", which ${path} does not have`)
      }
    }
  }
  return problems
}

const repository: Files = {
  exists: (path) => !path.startsWith('/') && !path.includes('..') && existsSync(join(root, path)),
  read: (path) => readFileSync(join(root, path), 'utf8'),
}

describe('docs/requirements.md', () => {
  const markdown = readFileSync(join(root, 'docs/requirements.md'), 'utf8')

  it('has a row for each of the many requirements, in every area', () => {
    const rows = parseRows(markdown)
    expect(rows.length).toBeGreaterThanOrEqual(150)
    const areas = new Set(rows.map((row) => row.id.split('-')[0]))
    expect(areas.size).toBeGreaterThanOrEqual(10)
  })

  it('names only files that exist, never repeats an id, and proves every row with a test file', () => {
    expect(problemsOf(markdown, repository)).toEqual([])
  })
})

describe('the requirements check', () => {
  const texts = new Map([
    ['packages/core/src/a.ts', 'export const a = 1'],
    ['packages/core/src/a.test.ts', "it('does one', () => {})"],
    ['e2e/tests/b.spec.ts', "test('does two', () => {})"],
  ])
  const files: Files = { exists: (path) => texts.has(path), read: (path) => texts.get(path) ?? '' }
  const table = (...rows: string[]) =>
    ['| Id | Requirement | Implemented in | Proven by |', '|---|---|---|---|', ...rows].join('\n')

  it('accepts rows whose files exist, with a test name after the path', () => {
    const markdown = table(
      '| REG-1 | One. | `packages/core/src/a.ts` | `packages/core/src/a.test.ts#does one` |',
      '| REG-2 | Two. | `packages/core/src/a.ts` | `packages/core/src/a.test.ts`, `e2e/tests/b.spec.ts` |',
    )
    expect(parseRows(markdown).map((row) => row.id)).toEqual(['REG-1', 'REG-2'])
    expect(problemsOf(markdown, files)).toEqual([])
  })

  it('fails on a file that does not exist', () => {
    const markdown = table('| REG-1 | One. | `packages/core/src/gone.ts` | `packages/core/src/a.test.ts` |')
    expect(problemsOf(markdown, files)).toEqual([
      'REG-1 (line 3) names packages/core/src/gone.ts, which does not exist',
    ])
  })

  it('fails on a test name the file does not have', () => {
    const markdown = table(
      '| REG-1 | One. | `packages/core/src/a.ts` | `packages/core/src/a.test.ts#does three` |',
    )
    expect(problemsOf(markdown, files)).toEqual([
      'REG-1 (line 3) names the test "does three", which packages/core/src/a.test.ts does not have',
    ])
  })

  it('fails on a repeated id', () => {
    const markdown = table(
      '| REG-1 | One. | `packages/core/src/a.ts` | `packages/core/src/a.test.ts` |',
      '| REG-1 | Again. | `packages/core/src/a.ts` | `packages/core/src/a.test.ts` |',
    )
    expect(problemsOf(markdown, files)).toEqual(['REG-1 (line 4) repeats the id of line 3'])
  })

  it('fails on a row without a test file, or without an implementing file', () => {
    const markdown = table(
      '| REG-1 | One. | `packages/core/src/a.ts` | none yet |',
      '| REG-2 | Two. | `packages/core/src/a.ts` | `packages/core/src/a.ts` |',
      '| REG-3 | Three. | | `packages/core/src/a.test.ts` |',
    )
    expect(problemsOf(markdown, files)).toEqual([
      'REG-1 (line 3) names no test file',
      'REG-2 (line 4) names no test file',
      'REG-3 (line 5) names no implementing file',
    ])
  })
})
