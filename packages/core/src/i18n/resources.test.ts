import { describe, expect, it } from 'vitest'
import { supportedLanguages } from '../domain/language.ts'
import { acceptedCardBrands, acceptedCardKinds, refundTiers } from '../domain/payment.ts'
import {
  changingRoomTypes,
  inventoryStatuses,
  paymentStatuses,
  profilePrivacies,
  tShirtMeasurements,
} from '../domain/registration.ts'
import { registrationTierSortOrder } from '../domain/registration-tier.ts'
import { sponsorBenefits } from '../domain/sponsor-benefits.ts'
import { coreNamespaces, coreResources } from './resources.ts'

function keysOf(value: unknown, prefix = ''): string[] {
  if (value === null || typeof value !== 'object') return [prefix]
  return Object.entries(value).flatMap(([key, child]) => keysOf(child, prefix ? `${prefix}.${key}` : key))
}

describe('core resources', () => {
  it('has the errors, domain and dates namespaces in ja and en', () => {
    expect(coreNamespaces).toEqual(['errors', 'domain', 'dates'])
    for (const language of supportedLanguages) {
      expect(Object.keys(coreResources[language])).toEqual(coreNamespaces)
    }
  })

  it('has the same keys in ja and en, and no empty text', () => {
    for (const namespace of coreNamespaces) {
      expect(keysOf(coreResources.en[namespace])).toEqual(keysOf(coreResources.ja[namespace]))
      for (const language of supportedLanguages) {
        const texts = keysOf(coreResources[language][namespace]).map((key) =>
          key
            .split('.')
            .reduce<unknown>(
              (node, part) => (node as Record<string, unknown>)[part],
              coreResources[language][namespace],
            ),
        )
        expect(texts.every((text) => typeof text === 'string' && text.trim() !== '')).toBe(true)
      }
    }
  })

  it('labels every value of every enumeration', () => {
    const expected = {
      registrationTier: Object.keys(registrationTierSortOrder),
      paymentStatus: [...paymentStatuses],
      changingRoomType: [...changingRoomTypes],
      tShirtMeasurement: [...tShirtMeasurements],
      inventoryStatus: [...inventoryStatuses],
      profilePrivacy: [...profilePrivacies],
      sponsorBenefit: [...sponsorBenefits],
      cardBrand: [...acceptedCardBrands],
      cardKind: [...acceptedCardKinds],
      refundTier: [...refundTiers],
      language: [...supportedLanguages],
    }
    for (const language of supportedLanguages) {
      const domain = coreResources[language].domain
      expect(
        Object.fromEntries(
          Object.entries(domain).map(([group, labels]) => [group, Object.keys(labels).sort()]),
        ),
      ).toEqual(
        Object.fromEntries(Object.entries(expected).map(([group, values]) => [group, [...values].sort()])),
      )
    }
    expect(coreResources.ja.domain.registrationTier.sponsor_fursuiter).toBe('着ぐるみスポンサー参加')
    expect(coreResources.en.domain.registrationTier.member).toBe('Member')
  })
})
