import { describe, expect, it } from 'vitest'
import { addOnGoodsKey, goodsFor } from './goods.ts'

describe('goodsFor', () => {
  it('lists the six sponsor goods in the tier cards order, the T-shirt with its size', () => {
    expect(goodsFor('sponsor', 'L')).toEqual([
      { kind: 'benefit', key: 'conbook' },
      { kind: 'benefit', key: 'limitedNeckStrap' },
      { kind: 'benefit', key: 'tShirt', tShirtSize: 'L' },
      { kind: 'benefit', key: 'toteBag' },
      { kind: 'benefit', key: 'entryBadgeCase' },
      { kind: 'benefit', key: 'sticker' },
    ])
  })

  it('gives a member no tier goods and a T-shirt without a known size no size', () => {
    expect(goodsFor('member', undefined)).toEqual([])
    expect(goodsFor('sponsor_fursuiter', undefined).find((line) => line.key === 'tShirt')).toEqual({
      kind: 'benefit',
      key: 'tShirt',
    })
  })

  it('adds one line per add-on after the tier goods, keyed by the add-on', () => {
    const tasting = { id: 'tasting', name: { ja: '試食券', en: 'Tasting ticket' } }
    expect(goodsFor('member', undefined, [tasting])).toEqual([
      { kind: 'addOn', key: 'addOn:tasting', name: tasting.name },
    ])
    expect(goodsFor('sponsor', 'M', [tasting]).at(-1)?.key).toBe(addOnGoodsKey('tasting'))
  })
})
