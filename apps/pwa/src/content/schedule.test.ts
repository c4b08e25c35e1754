import { firstEdition } from '@furfes/core'
import { describe, expect, it } from 'vitest'
import { commerceValues } from './commerce.ts'
import { fill } from './RichText.tsx'
import { scheduleStrings } from './schedule.ts'

describe('the refund policy as the pages publish it', () => {
  it("follows the edition's cut-off days in both languages", () => {
    const edition = {
      ...firstEdition,
      refundPolicy: {
        ...firstEdition.refundPolicy,
        earlyUntil: '2026-01-31',
        lateUntil: '2026-02-28',
      } as const,
    }

    expect(
      (['ja', 'en'] as const).map((language) => {
        const strings = scheduleStrings(language, edition)
        return [strings.refundEarlyUntil, strings.refundLateUntil, strings.refundNoneSince]
      }),
    ).toEqual([
      ['2026年1月31日まで', '2026年2月28日まで', '2026年3月1日から'],
      ['until January 31, 2026', 'until February 28, 2026', 'from March 1, 2026'],
    ])
  })

  it("publishes the first edition's days and the rates of the edition", () => {
    const strings = scheduleStrings('en', firstEdition)
    const rates = { ...firstEdition.refundPolicy, earlyPercent: 70, latePercent: 40 }
    const values = commerceValues('en', (key) => key, { ...firstEdition, refundPolicy: rates })

    expect([strings.refundEarlyUntil, strings.refundNoneSince]).toEqual([
      'until April 10, 2025',
      'from May 4, 2025',
    ])
    expect(fill('{{refundEarlyPercent}} / {{refundLatePercent}}', values)).toBe('70% / 40%')
  })
})

describe('the edition as the copy names it', () => {
  it('states the hours, the closing day and the retention period in both languages', () => {
    const edition = { ...firstEdition, startTime: '11:00', endTime: '17:30', retentionDays: 730 }
    expect(
      (['ja', 'en'] as const).map((language) => {
        const strings = scheduleStrings(language, edition)
        return [strings.eventHours, strings.registrationClosesUntil, strings.dataRetentionPeriod]
      }),
    ).toEqual([
      ['11:00–17:30', '2025年5月9日まで', '2年間'],
      ['11:00–17:30', 'until May 9, 2025', '2 years'],
    ])
    expect(scheduleStrings('en', { ...edition, retentionDays: 90 }).dataRetentionPeriod).toBe('90 days')
  })

  it('prices every tier as the edition sets it', () => {
    const tiers = { ...firstEdition.tiers, member: { ...firstEdition.tiers.member, priceJpy: 3500 } }
    const values = commerceValues('ja', (key) => key, { ...firstEdition, tiers })
    expect(fill('{{priceMember}}', values)).toBe('3,500円')
  })
})
