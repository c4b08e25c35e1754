import { AppError } from './app-errors.ts'
import type { ErrorMessageKey } from './catalogue.ts'

/** What to show for an error and whether to report it. */
export interface ErrorDescription {
  key: ErrorMessageKey
  values: Readonly<Record<string, string>>
  unexpected: boolean
}

/**
 * The one table from any thrown value to a message (decision 014): errors of this package carry their own
 * key; anything else is the generic Unexpected error, flagged for reporting.
 */
export function describeError(error: unknown): ErrorDescription {
  if (error instanceof AppError) return { key: error.key, values: error.values, unexpected: error.unexpected }
  return { key: 'general.unexpected', values: {}, unexpected: true }
}
