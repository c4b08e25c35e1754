import {
  acceptedCardBrands,
  cookingClubTasting,
  type Edition,
  guardianRequiredAtOrBelowAge,
  journalismClubSubmission,
  type Language,
  limits,
  maxFursuitsPerPerson,
  type RegistrationTier,
  refundTiers,
  registrationTiers,
} from '@furfes/core'
import type { ContentValues } from './RichText.tsx'
import { formatNumber, formatYen, lazyValues } from './values.ts'

const tierKeys: Readonly<Record<RegistrationTier, string>> = {
  member: 'Member',
  fursuiter: 'Fursuiter',
  sponsor: 'Sponsor',
  sponsor_fursuiter: 'SponsorFursuiter',
}

/**
 * Prices, cards, refund tiers and limits as the copy names them (`{{priceMember}}`, `{{cardBrands}}`…), from
 * the current edition and @furfes/core, so that what the site says is what the API charges. `domain` translates
 * core's labels.
 */
export function commerceValues(
  language: Language,
  domain: (key: string) => string,
  edition: Pick<Edition, 'tiers' | 'refundPolicy'>,
): ContentValues {
  const price = (tier: RegistrationTier) => formatYen(edition.tiers[tier].priceJpy, language)
  const list = (items: string[]) => items.join(language === 'ja' ? '、' : ', ')
  const formatters: Record<string, () => string | number> = {
    priceList: () =>
      list(registrationTiers.map((tier) => `${domain(`registrationTier.${tier}`)} ${price(tier)}`)),
    cardBrands: () => list(acceptedCardBrands.map((brand) => domain(`cardBrand.${brand}`))),
    refundTiers: () => list(refundTiers.map((tier) => domain(`refundTier.${tier}`))),
    // The refund policy's rates (decision 110), as the API applies them.
    refundEarlyPercent: () => `${edition.refundPolicy.earlyPercent}%`,
    refundLatePercent: () => `${edition.refundPolicy.latePercent}%`,
    tastingCapacity: () => cookingClubTasting.capacity,
    tastingFee: () => formatYen(cookingClubTasting.feeJpy, language),
    guardianAge: () => guardianRequiredAtOrBelowAge,
    maxFursuits: () => maxFursuitsPerPerson,
    badgeNameMax: () => limits.badgeNameMaxLength,
    maxWorks: () => journalismClubSubmission.maxWorksPerPerson,
    maxJapaneseCharacters: () =>
      formatNumber(journalismClubSubmission.approximateMaxJapaneseCharacters, language),
    maxEnglishWords: () => formatNumber(journalismClubSubmission.approximateMaxEnglishWords, language),
    unansweredDays: () => journalismClubSubmission.unansweredCancelAfterDays,
  }
  for (const tier of registrationTiers) {
    formatters[`tier${tierKeys[tier]}`] = () => domain(`registrationTier.${tier}`)
    formatters[`price${tierKeys[tier]}`] = () => price(tier)
  }
  return lazyValues(formatters)
}
