import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  chooseLanguage,
  defaultLanguage,
  isLanguage,
  languageLocales,
  languageOfTag,
  supportedLanguages,
} from './language.ts'

describe('languages', () => {
  it('supports ja (default, ja-JP) and en (en-US)', () => {
    expect(supportedLanguages).toEqual(['ja', 'en'])
    expect(defaultLanguage).toBe('ja')
    expect(languageLocales).toEqual({ ja: 'ja-JP', en: 'en-US' })
  })

  it('reads browser language tags by their primary subtag', () => {
    expect(languageOfTag('en-US')).toBe('en')
    expect(languageOfTag('EN_gb')).toBe('en')
    expect(languageOfTag('ja-JP')).toBe('ja')
    expect(languageOfTag('fr-FR')).toBeUndefined()
    expect(languageOfTag('')).toBeUndefined()
    expect(languageOfTag(undefined)).toBeUndefined()
  })
})

describe('chooseLanguage', () => {
  it('prefers the stored choice over the browser language', () => {
    expect(chooseLanguage({ stored: 'en', browserLanguage: 'ja-JP' })).toBe('en')
    expect(chooseLanguage({ stored: 'ja', browserLanguage: 'en-US' })).toBe('ja')
  })

  it('uses the browser language when nothing is stored', () => {
    expect(chooseLanguage({ browserLanguage: 'en-US' })).toBe('en')
    expect(chooseLanguage({ stored: null, browserLanguage: 'ja' })).toBe('ja')
  })

  it('turns anything other than ja or en into ja', () => {
    expect(chooseLanguage({ browserLanguage: 'de-DE' })).toBe('ja')
    expect(chooseLanguage({ stored: 'zh', browserLanguage: 'en-US' })).toBe('ja')
    expect(chooseLanguage({})).toBe('ja')
  })

  it('always answers a supported language', () => {
    fc.assert(
      fc.property(fc.option(fc.string()), fc.option(fc.string()), (stored, browserLanguage) => {
        expect(isLanguage(chooseLanguage({ stored, browserLanguage }))).toBe(true)
      }),
    )
  })
})
