import { describe, expect, it } from 'vitest'
import { createI18n } from './i18n.ts'

describe('createI18n', () => {
  it('translates shared strings in the chosen language and falls back to Japanese', () => {
    const en = createI18n('en', {})
    expect(en.t('language.label')).toBe('Language')
    const ja = createI18n('ja', {})
    expect(ja.t('language.label')).toBe('言語')
  })

  it('adds an app namespace beside common', () => {
    const sut = createI18n('en', { ja: { pwa: { hello: 'こんにちは' } }, en: { pwa: { hello: 'Hello' } } })
    expect(sut.t('hello', { ns: 'pwa' })).toBe('Hello')
  })
})
