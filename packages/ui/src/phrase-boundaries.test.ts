import { jaModel, Parser } from 'budoux'
import { describe, expect, it } from 'vitest'
import { phraseBoundaries, phrases } from './phrase-boundaries.ts'

describe('BudouX’s Japanese phrase boundaries (docs/decisions/205-phrase-breaks-as-markup.md)', () => {
  const parser = new Parser(jaModel)

  it('are the boundaries BudouX finds between phrases, and none inside a word', () => {
    for (const text of ['特定商取引法に基づく表記', '参加登録・お支払い', 'イベントの見どころ'])
      expect(phraseBoundaries(text)).toEqual(parser.parseBoundaries(text))
    expect(phrases('特定商取引法に基づく表記')).toEqual(['特定商取引法に', '基づく', '表記'])
    expect(phrases('参加登録・お支払い')).toEqual(['参加登録・', 'お支払い'])
  })

  it('keep the festival’s own words whole where BudouX’s model would cut them', () => {
    expect(parser.parse('着ぐるみスポンサー参加')[0]).toBe('着ぐる')
    expect(phrases('着ぐるみスポンサー参加')).toEqual(['着ぐるみスポンサー参加'])
    expect(parser.parse('部活動の参加申し込み')[0]).toBe('部')
    expect(phrases('部活動の参加申し込み')[0]).toBe('部活動の')
  })

  it('fall only between two Japanese characters: English and numbers stay whole', () => {
    expect(phrases('東京ふぁーりーフェス 2025')).toEqual(['東京ふぁーりーフェス 2025'])
    expect(phrases('Registration & payment')).toEqual(['Registration & payment'])
    expect(phrases('Cookie等の利用')).toEqual(['Cookie等の', '利用'])
  })
})
