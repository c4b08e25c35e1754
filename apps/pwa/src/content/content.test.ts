import { edition } from 'virtual:edition'
import { nextEditionDraft } from '@furfes/core'
import { describe, expect, it } from 'vitest'
import { accountPaths } from '../account/account-routes.ts'
import { pages } from '../pages.ts'
import { commerceValues } from './commerce.ts'
import { formatNumber, scheduleValues } from './values.ts'

const contentFiles = import.meta.glob<{ default: unknown }>('../locales/*/*.json', { eager: true })

function strings(value: unknown): string[] {
  if (typeof value === 'string') return [value]
  if (Array.isArray(value)) return value.flatMap(strings)
  if (value && typeof value === 'object') return Object.values(value).flatMap(strings)
  return []
}

/** Values that pages fill in themselves rather than from the schedule or the price list. */
const pageValues = ['count', 'name', 'place', 'opensOn', 'closesUntil', 'title', 'at', 'from', 'to']
const routes = new Set([
  ...pages.map((page) => `/${page.path}`),
  '/mypage',
  '/mypage/registration',
  ...accountPaths.map((path) => `/${path}`),
])

describe('content files', () => {
  const known = new Set([
    ...Object.keys(scheduleValues('ja', { edition, fromBuild: true })),
    ...Object.keys(commerceValues('ja', (key: string) => key, edition)),
    ...pageValues,
  ])

  it.each(Object.entries(contentFiles))('%s names only values the pages provide', (_, file) => {
    const named = strings(file.default).flatMap((text) =>
      [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]),
    )
    expect(named.filter((name) => name !== undefined && !known.has(name))).toEqual([])
  })

  it.each(Object.entries(contentFiles))('%s links only to pages that exist', (_, file) => {
    const links = strings(file.default).flatMap((text) =>
      [...text.matchAll(/\]\((\/[^)#\s]*)/g)].map((m) => m[1]),
    )
    expect(links.filter((link) => link !== undefined && !routes.has(link))).toEqual([])
  })
})

describe('number formatting', () => {
  it('groups digits like Intl does in both languages', () => {
    for (const language of ['ja', 'en'] as const) {
      for (const value of [0, 500, 3000, 11000, 1234567]) {
        expect(formatNumber(value, language)).toBe(new Intl.NumberFormat(language).format(value))
      }
    }
  })
})

describe('schedule values', () => {
  const value = (language: 'ja' | 'en', name: string) => {
    const named = scheduleValues(language, { edition, fromBuild: true })[name]
    return typeof named === 'function' ? named() : named
  }

  it('are the dates formatted at build time, with the spec suffixes, in each language', () => {
    expect(value('ja', 'eventDate')).toBe('2025年5月10日(土)')
    expect(value('en', 'eventDate')).toBe('Sat, May 10, 2025')
    expect(value('ja', 'eventDateAfter')).toBe('2025年5月10日以降')
    expect(value('ja', 'clubApplicationUntil')).toMatch(/^2025年\d+月\d+日まで$/)
    expect(value('ja', 'registrationOpensSince')).toMatch(/^\d{4}年\d+月\d+日から$/)
  })

  it("are another edition's dates once the API answers with it, formatted when first named", () => {
    const next = nextEditionDraft(edition)
    const named = scheduleValues('en', { edition: next, fromBuild: false }).eventDate
    expect(typeof named === 'function' ? named() : named).toBe('Sun, May 10, 2026')
    expect(value('en', 'eventDate')).toBe('Sat, May 10, 2025')
  })
})
