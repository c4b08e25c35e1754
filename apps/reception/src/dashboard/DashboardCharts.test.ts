import { describe, expect, it } from 'vitest'
import { barPartLabel } from './DashboardCharts.tsx'

describe('the label on a part of a stacked bar', () => {
  it('names the series and its count where both fit', () => {
    expect(barPartLabel('Member', 3, { width: 120, height: 40 })).toBe('Member 3')
    expect(barPartLabel('会員', 12, { width: 60, height: 40 })).toBe('会員 12')
  })

  it('keeps the count alone where the name does not fit, and nothing where neither does', () => {
    expect(barPartLabel('スポンサー・ファースーツ', 3, { width: 40, height: 40 })).toBe('3')
    expect(barPartLabel('Member', 1234, { width: 20, height: 40 })).toBeNull()
  })

  it('labels no empty part and no part too low for a line of text', () => {
    expect(barPartLabel('Member', 0, { width: 120, height: 40 })).toBeNull()
    expect(barPartLabel('Member', null, { width: 120, height: 40 })).toBeNull()
    expect(barPartLabel('Member', 2, { width: 120, height: 10 })).toBeNull()
  })
})
