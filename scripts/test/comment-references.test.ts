import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

/*
 * Comments, test titles and docs must be readable by someone who has only the repository. The product's
 * specification is not in it, and issue or work-session numbers mean nothing to a newcomer; a reason is said in
 * our own words and, where it is recorded, points at docs/decisions/NNN or a docs/requirements.md id. This test
 * scans every tracked text file for such references and fails on each one it finds.
 */

const root = fileURLToPath(new URL('../..', import.meta.url))
const self = relative(root, fileURLToPath(import.meta.url))

/** Each shape a pointer into the outside world takes: a numbered section, an issue, a session. */
const referencePatterns: readonly RegExp[] = [
  /\bspec(?:ification)?(?:'s)?\s+(?:section|§)/i,
  /\bsections?\s+\d/i,
  /§\s?\d/,
  /\(spec\s+\d/i,
  /\bspec\s+\d/i,
  /\bissues?\s+#?\d/i,
  /\bsessions?\s+\d/i,
]

const textFile = /\.(?:[cm]?[jt]sx?|json|md|css|html|ya?ml|sql|example)$/

function referencesIn(text: string): { line: number; text: string }[] {
  return text
    .split('\n')
    .flatMap((line, index) =>
      referencePatterns.some((pattern) => pattern.test(line)) ? [{ line: index + 1, text: line.trim() }] : [],
    )
}

function trackedTextFiles(): string[] {
  return execFileSync('git', ['ls-files', '-z'], { cwd: root, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 })
    .split('\0')
    .filter((path) => textFile.test(path) && path !== self)
}

describe('references a reader cannot follow', () => {
  const found = new Map(
    trackedTextFiles().map((path) => [path, referencesIn(readFileSync(join(root, path), 'utf8'))] as const),
  )

  it('are in no tracked source file, test title or doc', () => {
    const hits = [...found].flatMap(([path, lines]) => lines.map((hit) => `${path}:${hit.line}: ${hit.text}`))
    expect(hits).toEqual([])
  })
})

describe('the reference check', () => {
  it.each([
    'the rules of spec section 4',
    'Spec section 8: 401 means sign in again',
    "per the spec's section 3",
    'the limits of sections 3 and 9',
    'Sections 3, 4, 6 and 9 of the spec',
    'as §5 says',
    'spec § 2',
    'the API (spec 7)',
    'Accepted (issue 10).',
    'see issue #9',
    'Issues 5 and 6',
    'Status: accepted (session 2).',
    'Session 3: every lazily loaded module',
  ])('finds "%s"', (text) => {
    expect(referencesIn(text)).toEqual([{ line: 1, text }])
  })

  it.each([
    'the refund policy of docs/decisions/110',
    'prices as docs/requirements.md REG-2 lists them',
    'the identity still holds for this session',
    'a login session past its 30 days',
    'the checkout session expires after 30 minutes',
    'the spec says so',
    'a section of the page',
  ])('lets "%s" through', (text) => {
    expect(referencesIn(text)).toEqual([])
  })

  it('gives the line of each reference', () => {
    expect(referencesIn('one\ntwo (issue 3)\nthree')).toEqual([{ line: 2, text: 'two (issue 3)' }])
  })
})
