import { describe, expect, it } from 'vitest'
import { asciiDigits, readWholeNumber } from './typed-number.ts'

describe('numbers as people type them', () => {
  it.each([
    ['3000', 3000],
    ['３０００', 3000],
    [' 3,000 ', 3000],
    ['３，０００', 3000],
    ['1,234,567', 1234567],
    ['0', 0],
    ['－５', -5],
  ])('reads %j as %d', (text, number) => {
    expect(readWholeNumber(text)).toBe(number)
  })

  it.each(['', ' ', '30,00', '3.5', '1e3', 'abc', '3000円', '3 000', ',300'])(
    'reads %j as no whole number',
    (text) => {
      expect(readWholeNumber(text)).toBeUndefined()
    },
  )

  it('makes fullwidth digits ASCII and leaves other text as it was', () => {
    expect(asciiDigits('　１２３４５６　')).toBe('123456')
    expect(asciiDigits('ab')).toBe('ab')
  })
})
