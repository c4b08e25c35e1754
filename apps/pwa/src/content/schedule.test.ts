import { defaultEventSchedule, defaultRefundPolicy, refundPercentages } from '@furfes/core'
import { describe, expect, it } from 'vitest'
import { commerceValues } from './commerce.ts'
import { fill } from './RichText.tsx'
import { scheduleStrings } from './schedule.ts'

describe('the refund policy as the pages publish it', () => {
  it('follows the configured cut-off days in both languages', () => {
    const policy = { earlyUntil: '2026-01-31', lateUntil: '2026-02-28' } as const

    expect(
      (['ja', 'en'] as const).map((language) => {
        const strings = scheduleStrings(language, defaultEventSchedule, policy)
        return [strings.refundEarlyUntil, strings.refundLateUntil, strings.refundNoneSince]
      }),
    ).toEqual([
      ['2026年1月31日まで', '2026年2月28日まで', '2026年3月1日から'],
      ['until January 31, 2026', 'until February 28, 2026', 'from March 1, 2026'],
    ])
  })

  it('publishes the default days and the rates the API applies', () => {
    const strings = scheduleStrings('en')
    const values = commerceValues('en', (key) => key)

    expect(defaultRefundPolicy).toEqual({ earlyUntil: '2025-04-10', lateUntil: '2025-05-03' })
    expect([strings.refundEarlyUntil, strings.refundNoneSince]).toEqual([
      'until April 10, 2025',
      'from May 4, 2025',
    ])
    expect(fill('{{refundEarlyPercent}} / {{refundLatePercent}}', values)).toBe(
      `${refundPercentages.early}% / ${refundPercentages.late}%`,
    )
  })
})
