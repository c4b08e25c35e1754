import type { z } from 'zod'
import { type ErrorMessageKey, isErrorMessageKey, validationMessage } from '../errors/catalogue.ts'

/** A validation issue ready for `t(key, { ns: 'errors', ...values })`. */
export interface IssueMessage {
  key: ErrorMessageKey
  values: Record<string, string>
}

/**
 * The translatable message of a zod issue. Schemas of this package put an `errors` key in every message and
 * limits in `params` (`{{max}}`); issues from elsewhere fall back to the generic Required / Invalid input.
 */
export function issueMessage(issue: z.core.$ZodIssue): IssueMessage {
  const values: Record<string, string> = {}
  const params = 'params' in issue ? issue.params : undefined
  for (const [name, value] of Object.entries(params ?? {})) values[name] = String(value)
  if ('maximum' in issue && values.max === undefined) values.max = String(issue.maximum)
  if ('minimum' in issue && values.min === undefined) values.min = String(issue.minimum)
  if (isErrorMessageKey(issue.message)) return { key: issue.message, values }
  // Zod leaves the input out of issues unless asked (reportInput), but its default message names it.
  const missing =
    issue.code === 'invalid_type' &&
    ('input' in issue ? issue.input === undefined : issue.message.endsWith('received undefined'))
  return { key: validationMessage(missing ? 'required' : 'invalidInput'), values }
}

/**
 * The first message per field, keyed by the dotted path (`linkUrls.1`), as a form shows them. Issues on the
 * whole object use the empty path.
 */
export function fieldMessages(error: z.ZodError): Record<string, IssueMessage> {
  const messages: Record<string, IssueMessage> = {}
  for (const issue of error.issues) {
    const path = issue.path.map(String).join('.')
    messages[path] ??= issueMessage(issue)
  }
  return messages
}
