import errorsEn from '../locales/en/errors.json' with { type: 'json' }
import errorsJa from '../locales/ja/errors.json' with { type: 'json' }

/**
 * Core's `errors` catalogue in both languages, in a module of their own: a page that shows no error message does
 * not carry it (the public pages' budgets, docs/decisions/187-every-public-page-budget.md).
 */
export const coreErrorResources = { ja: errorsJa, en: errorsEn } as const
