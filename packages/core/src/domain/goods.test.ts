import { describe, expect, it } from 'vitest'
import { addOnGoodsKey, countDoorGoods, goodsFor } from './goods.ts'

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

describe('countDoorGoods', () => {
  const sizes = ['S', 'M', 'L']
  const rooms = ['male', 'female']

  it('counts per line what paid participants are owed and were handed, the T-shirt per size', () => {
    const figures = countDoorGoods(
      [
        {
          tier: 'sponsor',
          tShirtSize: 'L',
          changingRoomType: undefined,
          handed: new Set(['tShirt', 'conbook']),
        },
        { tier: 'sponsor_fursuiter', tShirtSize: 'L', changingRoomType: 'female', handed: new Set() },
        { tier: 'sponsor', tShirtSize: 'S', changingRoomType: undefined, handed: new Set(['tShirt']) },
        // A member is owed nothing: the tick left from a tier change is not counted.
        { tier: 'fursuiter', tShirtSize: undefined, changingRoomType: 'female', handed: new Set(['tShirt']) },
      ],
      sizes,
      rooms,
    )
    expect(figures.goods).toEqual([
      { goods: 'conbook', expected: 3, handedOut: 1 },
      { goods: 'limitedNeckStrap', expected: 3, handedOut: 0 },
      { goods: 'tShirt', tShirtSize: 'S', expected: 1, handedOut: 1 },
      { goods: 'tShirt', tShirtSize: 'L', expected: 2, handedOut: 1 },
      { goods: 'toteBag', expected: 3, handedOut: 0 },
      { goods: 'entryBadgeCase', expected: 3, handedOut: 0 },
      { goods: 'sticker', expected: 3, handedOut: 0 },
    ])
    expect(figures.changingRooms).toEqual([
      { changingRoomType: 'male', paid: 0 },
      { changingRoomType: 'female', paid: 2 },
    ])
  })

  it('counts add-ons by their key and nothing for nobody', () => {
    const tasting = { id: 'tasting', name: { ja: '試食券', en: 'Tasting ticket' } }
    expect(
      countDoorGoods(
        [
          {
            tier: 'member',
            tShirtSize: undefined,
            changingRoomType: undefined,
            addOns: [tasting],
            handed: new Set(),
          },
        ],
        sizes,
        rooms,
      ).goods,
    ).toEqual([{ goods: 'addOn:tasting', expected: 1, handedOut: 0 }])
    expect(countDoorGoods([], sizes, rooms)).toEqual({
      goods: [],
      changingRooms: [
        { changingRoomType: 'male', paid: 0 },
        { changingRoomType: 'female', paid: 0 },
      ],
    })
  })
})
