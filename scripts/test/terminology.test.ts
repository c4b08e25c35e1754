import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

/*
 * docs/glossary.md's "Words people see" table names one word per thing in each language and the variants that
 * must not appear. This test reads the table and every locale file's texts (values, not keys), so a variant that
 * creeps back in fails here with the file and the key it is under.
 */

const root = fileURLToPath(new URL('../..', import.meta.url))

interface Term {
  thing: string
  ja: string
  en: string
  notJa: string[]
  notEn: string[]
}

function terms(): Term[] {
  const text = readFileSync(join(root, 'docs/glossary.md'), 'utf8')
  const section = text.slice(text.indexOf('## Words people see'))
  return section
    .split('\n')
    .filter((line) => line.startsWith('|') && !/^\|\s*-/.test(line))
    .slice(1)
    .map((line) => {
      const [thing = '', ja = '', en = '', notJa = '', notEn = ''] = line
        .split('|')
        .slice(1, -1)
        .map((cell) => cell.trim())
      const list = (cell: string) =>
        cell
          .split(',')
          .map((word) => word.trim())
          .filter((word) => word !== '')
      return { thing, ja, en, notJa: list(notJa), notEn: list(notEn) }
    })
}

function localeFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (entry.name === 'node_modules' || entry.name === 'dist') return []
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return localeFiles(path)
    return /\/locales\/(ja|en)\/[^/]+\.json$/.test(path) ? [path] : []
  })
}

/** Every text of a locale file with the dotted key it sits under. */
function texts(value: unknown, key = ''): [string, string][] {
  if (typeof value === 'string') return [[key, value]]
  if (Array.isArray(value)) return value.flatMap((item, index) => texts(item, `${key}[${index}]`))
  if (value !== null && typeof value === 'object')
    return Object.entries(value).flatMap(([name, item]) => texts(item, key === '' ? name : `${key}.${name}`))
  return []
}

function escapeForPattern(word: string): string {
  return word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}

/** English variants are whole words; one written with a capital matches only so written (a tier's name). */
function englishVariant(word: string): RegExp {
  const flags = /^[A-Z]/.test(word) ? 'u' : 'iu'
  return new RegExp(`(?<![\\p{L}-])${escapeForPattern(word)}(?![\\p{L}-])`, flags)
}

const files = ['apps', 'packages'].flatMap((dir) => localeFiles(join(root, dir)))

describe('the words people see', () => {
  const table = terms()

  it('has a table with one word and its variants per thing', () => {
    expect(table.length).toBeGreaterThan(10)
    for (const term of table) {
      expect(term.ja, term.thing).not.toBe('')
      expect(term.en, term.thing).not.toBe('')
      expect(term.notJa.length + term.notEn.length, term.thing).toBeGreaterThan(0)
    }
    expect(files.filter((file) => file.includes('/ja/')).length).toBeGreaterThan(20)
  })

  it('no locale file uses a variant the table rules out', () => {
    const found: string[] = []
    for (const file of files) {
      const language = file.includes('/locales/ja/') ? 'ja' : 'en'
      for (const [key, text] of texts(JSON.parse(readFileSync(file, 'utf8')))) {
        for (const term of table) {
          const variants =
            language === 'ja'
              ? term.notJa.filter((word) => text.includes(word))
              : term.notEn.filter((word) => englishVariant(word).test(text))
          for (const word of variants)
            found.push(`${relative(root, file)} ${key}: "${word}" (say "${term[language]}")`)
        }
      }
    }
    expect(found).toEqual([])
  })

  it('catches a variant written in either language', () => {
    expect(englishVariant('reception code').test('Show your Reception code.')).toBe(true)
    expect(englishVariant('General').test('General questions')).toBe(true)
    expect(englishVariant('General').test('in general')).toBe(false)
    expect(englishVariant('e-mail').test('an email')).toBe(false)
    expect(englishVariant('login').test('the login page')).toBe(true)
  })
})
