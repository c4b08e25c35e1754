import { describe, expect, it } from 'vitest'
import { charge, checkCard, detectBrand, passesLuhn, testCards } from './cards.ts'

const now = new Date(Date.UTC(2026, 4, 10))
const valid = { number: '4242424242424242', expiry: '12/34', cvc: '123', name: 'Fox' }

describe('test cards', () => {
  it.each([
    ['4242424242424242', 'visa'],
    ['4000056655665556', 'visa'],
    ['5555555555554444', 'mastercard'],
    ['2223003122003222', 'mastercard'],
    ['5200828282828210', 'mastercard'],
    ['5105105105105100', 'mastercard'],
    ['378282246310005', 'amex'],
    ['371449635398431', 'amex'],
    ['6011111111111117', 'discover'],
    ['3056930009020004', 'diners'],
    ['36227206271667', 'diners'],
    ['3566002020360505', 'jcb'],
  ])('%s is a %s card that passes every check and is charged', (number, brand) => {
    const cvc = brand === 'amex' ? '1234' : '123'

    expect(detectBrand(number)).toBe(brand)
    expect(checkCard({ ...valid, number, cvc }, now)).toEqual({})
    expect(charge(number)).toMatchObject({ paid: true, brand, last4: number.slice(-4) })
  })

  it('every documented number in the table passes the Luhn check and is detected as its brand', () => {
    for (const [number, card] of Object.entries(testCards)) {
      expect(passesLuhn(number), number).toBe(true)
      expect(detectBrand(number), number).toBe(card.brand)
    }
  })

  it.each([
    ['4000000000000002', 'generic_decline'],
    ['4000000000009995', 'insufficient_funds'],
    ['4000000000000069', 'expired_card'],
    ['4111111111111111', 'live_card_in_test_mode'],
  ])('%s is declined with %s', (number, decline) => {
    expect(charge(number)).toEqual({ paid: false, decline })
  })
})

describe('card checks', () => {
  it.each([
    ['4242 4242 4242 4241', 'invalid_number'],
    ['4242 4242', 'incomplete_number'],
    ['', 'incomplete_number'],
    ['4242-4242-4242-424x', 'invalid_number'],
  ])('number %j: %s', (number, problem) => {
    expect(checkCard({ ...valid, number }, now).card_number).toBe(problem)
  })

  // A card is good through its expiry month: in May 2026, 05/26 is accepted and 04/26 refused.
  it.each([
    ['04/26', 'expiry_in_past'],
    ['05/26', undefined],
    ['0526', undefined],
    ['05 / 2026', undefined],
    ['04/26x', 'incomplete_expiry'],
    ['03/26', 'expiry_in_past'],
    ['12/25', 'expiry_in_past'],
    ['13/30', 'invalid_expiry_month'],
    ['', 'incomplete_expiry'],
  ])('expiry %j in May 2026: %s', (expiry, problem) => {
    expect(checkCard({ ...valid, expiry }, now).expiry).toBe(problem)
  })

  it('wants four security digits for American Express and three for others', () => {
    expect(checkCard({ ...valid, number: '378282246310005', cvc: '123' }, now).cvc).toBe('incomplete_cvc')
    expect(checkCard({ ...valid, cvc: '1234' }, now).cvc).toBe('invalid_cvc')
  })

  it('reports every field at once', () => {
    expect(checkCard({ number: '1', expiry: '', cvc: '', name: '' }, now)).toEqual({
      card_number: 'incomplete_number',
      expiry: 'incomplete_expiry',
      cvc: 'incomplete_cvc',
      name: 'missing_name',
    })
  })
})
