import datesEn from '../locales/en/dates.json' with { type: 'json' }
import datesJa from '../locales/ja/dates.json' with { type: 'json' }
import { coreDomainResources } from './domain-resources.ts'
import { coreErrorResources } from './error-resources.ts'

/**
 * The translations this package owns, in i18next's `{ [language]: { [namespace]: … } }` shape: `errors` (the
 * error catalogue of decision 014 and the validation messages of decision 012), `domain` (labels of tiers,
 * statuses, sizes, benefits, cards) and `dates` (until / since / after). Apps register it with i18next; core
 * itself does not depend on i18next.
 */
export const coreResources = {
  ja: { errors: coreErrorResources.ja, domain: coreDomainResources.ja, dates: datesJa },
  en: { errors: coreErrorResources.en, domain: coreDomainResources.en, dates: datesEn },
} as const

export const coreNamespaces = ['errors', 'domain', 'dates'] as const
export type CoreNamespace = (typeof coreNamespaces)[number]
