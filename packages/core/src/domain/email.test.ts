import { describe, expect, it } from 'vitest'
import { emailDomainMixesScripts, foldEmail } from './email.ts'

describe('the one form of an e-mail address', () => {
  it('turns fullwidth letters, digits and ＠ into ASCII, then trims and lower-cases', () => {
    expect(foldEmail('ｄｅｍｏ@example.com')).toBe('demo@example.com')
    expect(foldEmail('ＤＥＭＯ１２３＠ＥＸＡＭＰＬＥ．ＣＯＭ')).toBe('demo123@example.com')
    expect(foldEmail('\u3000 Demo@Example.com \u3000')).toBe('demo@example.com')
  })

  it('is the same however often it is applied', () => {
    for (const typed of ['ｄｅｍｏ@example.com', 'Ｄemo@EXAMPLE.com', 'a.b+c@example.co.jp']) {
      expect(foldEmail(foldEmail(typed))).toBe(foldEmail(typed))
    }
  })
})

describe('domains that mix scripts', () => {
  it('are the look-alikes: Latin with Cyrillic, Greek or an unlisted script', () => {
    for (const email of [
      'demo@ex\u0430mple.com',
      'demo@example.\u0441om',
      'demo@examp\u04CFe.com',
      'demo@\u03B1pple.com',
      'demo@exa\u13AAmple.com',
      'demo@ex\u0561mple.com',
    ]) {
      expect(emailDomainMixesScripts(email), email).toBe(true)
    }
  })

  it('are not ASCII domains, one-script domains, or the mixes Japanese, Chinese and Korean write', () => {
    for (const email of [
      'demo@example.com',
      'demo@my-site-2.example.co.jp',
      'demo@пример.рф',
      'demo@例え.jp',
      'demo@ふぁーりー.テスト.jp',
      'demo@中文.台灣ㄅ.tw',
      'demo@한국.kr',
      // Only the domain is looked at.
      'д\u0435mo@example.com',
    ]) {
      expect(emailDomainMixesScripts(email), email).toBe(false)
    }
  })
})
