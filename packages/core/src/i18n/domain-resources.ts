import domainEn from '../locales/en/domain.json' with { type: 'json' }
import domainJa from '../locales/ja/domain.json' with { type: 'json' }

/**
 * Core's `domain` labels in both languages, in a module of their own: a page that needs only these does not carry
 * the error catalogue too (the public pages' budgets, docs/decisions/187-every-public-page-budget.md).
 */
export const coreDomainResources = { ja: domainJa, en: domainEn } as const
