import { z } from 'zod'
import { isCalendarDate } from '../domain/date.ts'
import { emailDomainMixesScripts, foldEmail } from '../domain/email.ts'
import { limits, xUsernamePattern } from '../domain/limits.ts'
import { changingRoomTypes, profilePrivacies, tShirtSizes } from '../domain/registration.ts'
import { registrationTiers } from '../domain/registration-tier.ts'
import {
  codePointLabel,
  firstExcessCodePoint,
  firstRefusedCharacter,
  firstStrayJoiner,
  firstUnprintableCharacter,
  graphemeLength,
  hasVisibleCharacter,
  maxCodePointsPerGrapheme,
} from '../domain/text.ts'
import { asciiDigits } from '../domain/typed-number.ts'
import { type ErrorMessageKey, productMessage, validationMessage } from '../errors/catalogue.ts'

/*
 * Field schemas shared by the forms (camelCase objects) and the API contract (snake_case objects), so every
 * validation rule and message (decision 012) is written once. Every issue message is a key of the `errors`
 * namespace: forms show it with `t(issue.message, { ns: 'errors', ...values })`.
 */

/** Password lengths count code points, not UTF-16 units. Names count graphemes (`graphemeLength`). */
export function characterLength(value: string): number {
  let count = 0
  for (const _ of value) count++
  return count
}

/** Missing values say Required; values of the wrong type say Invalid input. */
function requiredOr(invalid: ErrorMessageKey) {
  return (issue: { input?: unknown }): ErrorMessageKey =>
    issue.input === undefined ? validationMessage('required') : invalid
}
const missingOrInvalid = requiredOr(validationMessage('invalidInput'))

/** A choice left empty says so in its own words; anything else is Invalid input. */
function emptyOr(empty: ErrorMessageKey) {
  return (issue: { input?: unknown }): ErrorMessageKey =>
    issue.input === undefined ? empty : validationMessage('invalidInput')
}

/**
 * Stops at an empty value, so it gets one message rather than every later check's too. Only for fields no
 * object-level rule depends on: an aborted field skips its object's refinements.
 */
const notEmpty = (message: ErrorMessageKey) => ({ message, abort: true })

interface NameRules {
  max: number
  empty: ErrorMessageKey
  tooLong: ErrorMessageKey
  /** Says which character is refused (`{{character}}`). */
  refused: ErrorMessageKey
  /** The first character the name may not hold. */
  firstRefused: (value: string) => string | undefined
  /** A further character rule with its own message (`{{character}}`), checked after `firstRefused`. */
  misplaced?: { message: ErrorMessageKey; first: (value: string) => string | undefined }
}

/**
 * A name: trimmed, something a person can see, only characters it may hold, at most `max` grapheme clusters
 * (decision 015). A name that shows nothing (zero-width or whitespace only) is empty.
 */
function nameText(rules: NameRules) {
  return z
    .string({ error: missingOrInvalid })
    .trim()
    .min(1, rules.empty)
    .refine((value) => value.length === 0 || hasVisibleCharacter(value), rules.empty)
    .superRefine((value, ctx) => {
      // A name that shows nothing is empty, and one message says so.
      if (!hasVisibleCharacter(value)) return
      const refused = rules.firstRefused(value) ?? firstExcessCodePoint(value)
      const misplaced = refused === undefined ? rules.misplaced?.first(value) : undefined
      const character = refused ?? misplaced
      if (character !== undefined) {
        ctx.addIssue({
          code: 'custom',
          message: refused === undefined && rules.misplaced ? rules.misplaced.message : rules.refused,
          params: { character: codePointLabel(character) },
        })
      }
    })
    .refine((value) => graphemeLength(value) <= rules.max, {
      message: rules.tooLong,
      params: { max: rules.max },
    })
    .meta({ maxLength: rules.max * maxCodePointsPerGrapheme })
}

/** Badge name: 1 to 20 characters as seen, after trimming, all of them printable. */
export const badgeNameSchema = nameText({
  max: limits.badgeNameMaxLength,
  empty: validationMessage('badgeNameEmpty'),
  tooLong: validationMessage('badgeNameTooLong'),
  refused: validationMessage('badgeNameUnprintable'),
  firstRefused: firstUnprintableCharacter,
  misplaced: { message: validationMessage('badgeNameStrayJoiner'), first: firstStrayJoiner },
}).describe(
  'Name printed on the badge; 1 to 20 characters as a person sees them (grapheme clusters), no control, ' +
    'line separator, bidi, invisible or private-use characters, and joiners or variation selectors only ' +
    'where they build an emoji or a joined script',
)

/** Handle name: 1 to 100 characters as seen, after trimming. */
export const handleNameSchema = nameText({
  max: limits.handleNameMaxLength,
  empty: validationMessage('handleNameEmpty'),
  tooLong: validationMessage('handleNameTooLong'),
  refused: validationMessage('handleNameInvalidCharacter'),
  firstRefused: firstRefusedCharacter,
}).describe(
  'Name shown on the profile; 1 to 100 characters as a person sees them (grapheme clusters), no control ' +
    'or bidi characters',
)

/** Short free text of one line: trimmed, may be empty, `max` characters as seen, storable (decision 015). */
function shortNoteText(rules: { max: number; tooLong: ErrorMessageKey; refused: ErrorMessageKey }) {
  return z
    .string({ error: missingOrInvalid })
    .trim()
    .superRefine((value, ctx) => {
      const refused = firstRefusedCharacter(value)
      if (refused === undefined) return
      ctx.addIssue({ code: 'custom', message: rules.refused, params: { character: codePointLabel(refused) } })
    })
    .refine((value) => graphemeLength(value) <= rules.max, {
      message: rules.tooLong,
      params: { max: rules.max },
    })
    .meta({ maxLength: rules.max * maxCodePointsPerGrapheme })
}

/**
 * A staff note for the door (docs/decisions/175-door-attention.md): trimmed, may be empty, at most 200
 * characters as seen, only characters every stored text may hold (decision 015).
 */
export const attentionNoteSchema = shortNoteText({
  max: limits.attentionNoteMaxLength,
  tooLong: validationMessage('attentionNoteTooLong'),
  refused: validationMessage('attentionNoteInvalidCharacter'),
}).describe('Up to 200 characters as a person sees them (grapheme clusters), no control or bidi characters')

/**
 * What a participant tells reception staff about their access needs (docs/decisions/185-desk-tools.md): the
 * same rules as a staff note; empty means none.
 */
export const accessNeedsSchema = shortNoteText({
  max: limits.accessNeedsMaxLength,
  tooLong: validationMessage('accessNeedsTooLong'),
  refused: validationMessage('accessNeedsInvalidCharacter'),
}).describe(
  'Access needs for reception staff; up to 200 characters as a person sees them (grapheme clusters), no ' +
    'control or bidi characters; empty means none',
)

/**
 * Free text no rule of the spec covers (a reception device's name): only characters every stored text may
 * hold (decision 015). For what is written; reads take `storedTextSchema`.
 */
export function storableTextSchema(schema: z.ZodString) {
  return schema.refine(
    (value) => firstRefusedCharacter(value) === undefined,
    validationMessage('invalidInput'),
  )
}

/**
 * An absolute http or https URL. Other schemes (javascript:, data:) are rejected because these URLs become
 * links other people click. This is the one check a URL also passes when it is read.
 */
function linkUrl(message: ErrorMessageKey) {
  return z.url({ protocol: /^https?$/, error: message })
}

/** A URL being written: a link (`linkUrl`) of at most 2 048 units without refused characters (decision 015). */
function webUrl(message: ErrorMessageKey) {
  return (
    z
      .string({ error: message })
      // Checked before the URL itself: zod's URL check drops tabs and newlines from the text it stores, and
      // the text is what the API stores.
      .refine((value) => firstRefusedCharacter(value) === undefined, { message, abort: true })
      .check(linkUrl(message))
      .max(limits.urlMaxLength, message)
      .meta({ pattern: '^https?://' })
  )
}

/** Each profile URL must be a valid URL (URLが不正です). */
export const profileUrlSchema = webUrl(validationMessage('urlInvalid'))

export const profileUrlsSchema = z
  .array(profileUrlSchema, { error: missingOrInvalid })
  .max(limits.profileUrlsMaxCount, validationMessage('urlsTooMany'))

/*
 * What is read (decision 015). The rules above are for what is written: request bodies and forms. An answer
 * carries what the API stored, which may have been written under an earlier, looser rule, so it is taken as
 * any text a column can hold; one such text must not make a read, or a list holding it, fail.
 */

/** A stored free text: names, the X username, a device's id and name. */
export const storedTextSchema = z.string({ error: missingOrInvalid })

/** Stored profile URLs: only still links, because the apps render them as links others click. */
export const storedProfileUrlsSchema = z.array(
  linkUrl(validationMessage('urlInvalid')).meta({ pattern: '^https?://' }),
  { error: missingOrInvalid },
)

/** X username for club activities: 1 to 15 letters, digits, underscores or hyphens. */
export const xUsernameSchema = z
  .string({ error: missingOrInvalid })
  .regex(xUsernamePattern, validationMessage('xUsernameInvalid'))
  .describe('X (Twitter) user name without @')

export const registrationTierSchema = z.enum(registrationTiers, {
  error: emptyOr(validationMessage('registrationTierEmpty')),
})
export const tShirtSizeSchema = z.enum(tShirtSizes, {
  error: emptyOr(validationMessage('tShirtSizeEmpty')),
})
export const changingRoomTypeSchema = z.enum(changingRoomTypes, {
  error: emptyOr(validationMessage('changingRoomEmpty')),
})
/**
 * Ticking "I agree to the participation rules": registering requires it, and the API records when it was given
 * (decision 124).
 */
export const rulesAgreementSchema = z
  .boolean({ error: () => validationMessage('rulesAgreementRequired') })
  // A refinement rather than a literal, so an unticked box is reported beside the form's other messages.
  .refine((agreed) => agreed, { message: validationMessage('rulesAgreementRequired') })
export const profilePrivacySchema = z.enum(profilePrivacies, { error: missingOrInvalid })

/** A password being chosen: not empty, at least 8 characters. Cognito enforces the rest of its policy. */
export const newPasswordSchema = z
  .string({ error: missingOrInvalid })
  .min(1, validationMessage('required'))
  .refine((value) => value.length === 0 || characterLength(value) >= limits.passwordMinLength, {
    message: productMessage('passwordTooShort'),
    params: { min: limits.passwordMinLength },
  })

/** A password being typed to prove who one is: only required, so the policy is not revealed. */
export const currentPasswordSchema = z
  .string({ error: missingOrInvalid })
  .min(1, validationMessage('required'))

/**
 * E-mail: required and valid, in its one form (`foldEmail`: NFKC, trimmed, lower-case, decision 148), so
 * sign-up, sign-in, password reset and the API name the same user however it was typed. A domain that mixes
 * scripts as a look-alike does gets its own message before the pattern, which takes ASCII domains only.
 * Whether another account uses the address only the provider knows.
 */
export const emailSchema = z
  .string({ error: missingOrInvalid })
  .overwrite(foldEmail)
  .min(1, notEmpty(validationMessage('required')))
  .refine((value) => !emailDomainMixesScripts(value), {
    message: validationMessage('emailDomainMixesScripts'),
    abort: true,
  })
  .max(254, productMessage('emailInvalid'))
  .regex(z.regexes.email, productMessage('emailInvalid'))
  .meta({ format: 'email' })

/** Cognito's e-mailed verification codes are six digits, typed fullwidth or not. */
export const verificationCodeSchema = z
  .string({ error: missingOrInvalid })
  .overwrite(asciiDigits)
  .min(1, notEmpty(validationMessage('required')))
  .regex(/^\d{6}$/, productMessage('verificationCodeInvalid'))

/** The user id (Cognito `sub`) is a UUID. */
export const userIdSchema = z.uuid({ error: validationMessage('userIdInvalid') })

/** Stripe Checkout's payment page. */
export const paymentUrlSchema = webUrl(validationMessage('paymentUrlInvalid'))

/** Where Checkout sends the user back to. The API also checks it is one of our own origins. */
export const redirectUrlSchema = webUrl(validationMessage('invalidInput'))

/** A date written YYYY-MM-DD whose month is 1 to 12 and whose day fits the month. */
export const calendarDateSchema = z
  .string({ error: missingOrInvalid })
  .refine(isCalendarDate, validationMessage('dateInvalid'))
  .meta({ format: 'date' })

/**
 * The registration code: the compact code (base45, decision 120) or, from before it, a compact JWS
 * (header.payload.signature, base64url).
 */
export const registrationCodeSchema = z
  .string({ error: missingOrInvalid })
  .regex(/^(?:[0-9A-Z $%*+\-./:]+|[\w-]+\.[\w-]+\.[\w-]+)$/, productMessage('registrationCodeInvalid'))
