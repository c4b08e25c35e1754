/**
 * Stripe's documented test cards (https://docs.stripe.com/testing) and the checks Stripe's card form makes
 * before it charges: number length and Luhn checksum, expiry, security code, cardholder name.
 */

export type CardBrand = 'visa' | 'mastercard' | 'amex' | 'discover' | 'diners' | 'jcb' | 'unionpay'

export const brandLabels: Record<CardBrand, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  discover: 'Discover',
  diners: 'Diners Club',
  jcb: 'JCB',
  unionpay: 'UnionPay',
}

/** IIN ranges, most specific first (Discover's 6011/65 before UnionPay's 62). Shared with the page's script. */
export const brandRules: readonly { brand: CardBrand; pattern: RegExp }[] = [
  { brand: 'visa', pattern: /^4/ },
  { brand: 'mastercard', pattern: /^(5[1-5]|222[1-9]|22[3-9]|2[3-6]|27[01]|2720)/ },
  { brand: 'amex', pattern: /^3[47]/ },
  { brand: 'diners', pattern: /^(30[0-5]|309|36|3[89])/ },
  { brand: 'jcb', pattern: /^35(2[89]|[3-8])/ },
  { brand: 'discover', pattern: /^(6011|64[4-9]|65)/ },
  { brand: 'unionpay', pattern: /^62/ },
]

const lengths: Record<CardBrand, { min: number; max: number }> = {
  visa: { min: 13, max: 19 },
  mastercard: { min: 16, max: 16 },
  amex: { min: 15, max: 15 },
  diners: { min: 14, max: 19 },
  jcb: { min: 16, max: 19 },
  discover: { min: 16, max: 19 },
  unionpay: { min: 16, max: 19 },
}

const cardDigits = (number: string): string => number.replace(/[\s-]/g, '')

export function detectBrand(number: string): CardBrand | null {
  const digits = cardDigits(number)
  return brandRules.find((rule) => rule.pattern.test(digits))?.brand ?? null
}

export function passesLuhn(digits: string): boolean {
  let sum = 0
  for (const [offset, char] of [...digits].reverse().entries()) {
    let digit = Number(char)
    if (offset % 2 === 1) {
      digit *= 2
      if (digit > 9) digit -= 9
    }
    sum += digit
  }
  return digits.length > 0 && sum % 10 === 0
}

export type Funding = 'credit' | 'debit' | 'prepaid'

/** Why Stripe refuses a charge, by its decline codes. */
export type Decline =
  | 'generic_decline'
  | 'insufficient_funds'
  | 'lost_card'
  | 'stolen_card'
  | 'expired_card'
  | 'incorrect_cvc'
  | 'processing_error'
  | 'live_card_in_test_mode'

interface TestCard {
  brand: CardBrand
  funding: Funding
  decline?: Decline
}

export const testCards: Readonly<Record<string, TestCard>> = {
  '4242424242424242': { brand: 'visa', funding: 'credit' },
  '4000056655665556': { brand: 'visa', funding: 'debit' },
  '5555555555554444': { brand: 'mastercard', funding: 'credit' },
  '2223003122003222': { brand: 'mastercard', funding: 'credit' },
  '5200828282828210': { brand: 'mastercard', funding: 'debit' },
  '5105105105105100': { brand: 'mastercard', funding: 'prepaid' },
  '378282246310005': { brand: 'amex', funding: 'credit' },
  '371449635398431': { brand: 'amex', funding: 'credit' },
  '6011111111111117': { brand: 'discover', funding: 'credit' },
  '6011000990139424': { brand: 'discover', funding: 'credit' },
  '6011981111111113': { brand: 'discover', funding: 'debit' },
  '3056930009020004': { brand: 'diners', funding: 'credit' },
  '36227206271667': { brand: 'diners', funding: 'credit' },
  '3566002020360505': { brand: 'jcb', funding: 'credit' },
  '6200000000000005': { brand: 'unionpay', funding: 'credit' },
  '4000000000000002': { brand: 'visa', funding: 'credit', decline: 'generic_decline' },
  '4000000000009995': { brand: 'visa', funding: 'credit', decline: 'insufficient_funds' },
  '4000000000009987': { brand: 'visa', funding: 'credit', decline: 'lost_card' },
  '4000000000009979': { brand: 'visa', funding: 'credit', decline: 'stolen_card' },
  '4000000000000069': { brand: 'visa', funding: 'credit', decline: 'expired_card' },
  '4000000000000127': { brand: 'visa', funding: 'credit', decline: 'incorrect_cvc' },
  '4000000000000119': { brand: 'visa', funding: 'credit', decline: 'processing_error' },
}

export type CardField = 'card_number' | 'expiry' | 'cvc' | 'name'

/** Problems the card form reports next to a field, before anything is charged. */
export type FieldProblem =
  | 'incomplete_number'
  | 'invalid_number'
  | 'incomplete_expiry'
  | 'invalid_expiry_month'
  | 'expiry_in_past'
  | 'incomplete_cvc'
  | 'invalid_cvc'
  | 'missing_name'

export interface CardInput {
  number: string
  /** MM/YY as typed; MM / YY, MMYY and MM/YYYY are read too. */
  expiry: string
  cvc: string
  name: string
}

function checkNumber(number: string): FieldProblem | null {
  const digits = cardDigits(number)
  if (digits === '') return 'incomplete_number'
  if (!/^\d+$/.test(digits)) return 'invalid_number'
  const brand = detectBrand(digits)
  const { min, max } = brand ? lengths[brand] : { min: 12, max: 19 }
  if (digits.length < min) return 'incomplete_number'
  if (digits.length > max || !passesLuhn(digits)) return 'invalid_number'
  return null
}

function checkExpiry(expiry: string, now: Date): FieldProblem | null {
  const match =
    /^(\d{1,2})\s*\/\s*(\d{2}|\d{4})$/.exec(expiry.trim()) ?? /^(\d{2})(\d{2})$/.exec(expiry.trim())
  if (!match) return 'incomplete_expiry'
  const month = Number(match[1])
  const yearText = match[2] ?? ''
  const year = yearText.length === 2 ? 2000 + Number(yearText) : Number(yearText)
  if (month < 1 || month > 12) return 'invalid_expiry_month'
  // A card is valid through the last day of its expiry month.
  const currentYear = now.getUTCFullYear()
  const currentMonth = now.getUTCMonth() + 1
  if (year < currentYear || (year === currentYear && month < currentMonth)) return 'expiry_in_past'
  return null
}

function checkCvc(cvc: string, brand: CardBrand | null): FieldProblem | null {
  const expected = brand === 'amex' ? 4 : 3
  const text = cvc.trim()
  if (!/^\d*$/.test(text) || text.length > expected) return 'invalid_cvc'
  if (text.length < expected) return 'incomplete_cvc'
  return null
}

/** Every field's problem at once, so the form can mark each field; empty when the card can be charged. */
export function checkCard(input: CardInput, now: Date): Partial<Record<CardField, FieldProblem>> {
  const problems: Partial<Record<CardField, FieldProblem>> = {}
  const number = checkNumber(input.number)
  if (number) problems.card_number = number
  const expiry = checkExpiry(input.expiry, now)
  if (expiry) problems.expiry = expiry
  const cvc = checkCvc(input.cvc, detectBrand(input.number))
  if (cvc) problems.cvc = cvc
  if (input.name.trim() === '') problems.name = 'missing_name'
  return problems
}

export type ChargeOutcome =
  | { paid: true; brand: CardBrand; funding: Funding; last4: string }
  | { paid: false; decline: Decline }

/**
 * What Stripe's test mode does with a number that passed the form's checks: test cards behave as documented,
 * and any other number is declined because real cards cannot be used with a test key.
 */
export function charge(number: string): ChargeOutcome {
  const digits = cardDigits(number)
  const card = testCards[digits]
  if (!card) return { paid: false, decline: 'live_card_in_test_mode' }
  if (card.decline) return { paid: false, decline: card.decline }
  return { paid: true, brand: card.brand, funding: card.funding, last4: digits.slice(-4) }
}
