import { describe, expect, it } from 'vitest'
import { markPhrases, markPhrasesInHtml } from '../tooling/phrase-breaks.ts'

const phrasesOf = (marked: string) => marked.split('<wbr>')

describe('phrase boundaries in the prerendered Japanese pages (docs/decisions/205-phrase-breaks-as-markup.md)', () => {
  it('marks each phrase boundary with a <wbr>', () => {
    expect(phrasesOf(markPhrases('特定商取引法に基づく表記'))).toEqual(['特定商取引法に', '基づく', '表記'])
    expect(phrasesOf(markPhrases('参加登録・お支払い'))).toEqual(['参加登録・', 'お支払い'])
    expect(markPhrases('着ぐるみスポンサー参加')).toBe('着ぐるみスポンサー参加')
  })

  it('marks only between two Japanese characters: English, numbers and character references stay whole', () => {
    expect(markPhrases('東京ふぁーりーフェス 2025')).toBe('東京ふぁーりーフェス 2025')
    expect(markPhrases('Registration &amp; payment')).toBe('Registration &amp; payment')
    expect(markPhrases('Cookie等の利用')).toBe('Cookie等の<wbr>利用')
  })

  it('changes nothing but the marks: without them the text is as written', () => {
    const text = 'よくいただくご質問をまとめました。ここにないご質問はお問い合わせからどうぞ。'
    expect(markPhrases(text)).not.toBe(text)
    expect(markPhrases(text).replaceAll('<wbr>', '')).toBe(text)
  })

  it('marks headings, table headers and card titles whose whole content is one text, and nothing else', () => {
    const html = [
      '<h1 id="page-heading">特定商取引法に基づく表記</h1>',
      '<table><thead><tr><th class="MuiTableCell-root">参加登録・お支払い</th></tr></thead></table>',
      '<span class="MuiTypography-root MuiCardHeader-title">イベントの見どころ</span>',
      // A paragraph, a link, a button's label beside its icon and an attribute are left as written.
      '<p>イベントの見どころ</p>',
      '<a href="/ja/faq">イベントの見どころ</a>',
      '<button type="button"><svg aria-hidden="true"></svg>参加登録・お支払い</button>',
      '<h2 aria-label="参加登録・お支払い"><span>参加登録・</span>お支払い</h2>',
    ].join('')
    expect(markPhrasesInHtml(html)).toBe(
      [
        '<h1 id="page-heading">特定商取引法に<wbr>基づく<wbr>表記</h1>',
        '<table><thead><tr><th class="MuiTableCell-root">参加登録・<wbr>お支払い</th></tr></thead></table>',
        '<span class="MuiTypography-root MuiCardHeader-title">イベントの<wbr>見どころ</span>',
        '<p>イベントの見どころ</p>',
        '<a href="/ja/faq">イベントの見どころ</a>',
        '<button type="button"><svg aria-hidden="true"></svg>参加登録・お支払い</button>',
        '<h2 aria-label="参加登録・お支払い"><span>参加登録・</span>お支払い</h2>',
      ].join(''),
    )
  })

  it('leaves a page’s head, title and description alone', () => {
    const head =
      '<title>特定商取引法に基づく表記 | 東京ふぁーりーフェス</title><meta name="description" content="参加登録・お支払い">'
    expect(markPhrasesInHtml(head)).toBe(head)
  })
})
