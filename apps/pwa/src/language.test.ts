import { describe, expect, it } from 'vitest'
import {
  localizedPath,
  looksLikeLanguageTag,
  sameLocationIn,
  searchWithout,
  splitLanguagePath,
} from './language.ts'

describe('language paths', () => {
  it('splits the language prefix from the page', () => {
    expect(splitLanguagePath('/ja/faq')).toEqual({ language: 'ja', first: 'ja', rest: 'faq' })
    expect(splitLanguagePath('/en')).toEqual({ language: 'en', first: 'en', rest: '' })
    expect(splitLanguagePath('/faq')).toEqual({ language: undefined, first: 'faq', rest: 'faq' })
  })

  it('builds page paths, the top page without a trailing slash', () => {
    expect(localizedPath('en')).toBe('/en')
    expect(localizedPath('ja', '/venue-map/')).toBe('/ja/venue-map')
  })

  it('keeps the page, the query and the fragment when switching language, less the transient keys', () => {
    const location = { pathname: '/ja/faq', search: '?lang=ja&retry=2&ref=poster', hash: '#payment' }
    expect(sameLocationIn('en', location)).toBe('/en/faq?ref=poster#payment')
    expect(searchWithout('?retry=1', ['retry'])).toBe('')
  })

  it('tells a language-like prefix from a page name', () => {
    expect(looksLikeLanguageTag('fr')).toBe(true)
    expect(looksLikeLanguageTag('zh-TW')).toBe(true)
    expect(looksLikeLanguageTag('faq')).toBe(false)
    expect(looksLikeLanguageTag('timetable')).toBe(false)
  })
})
