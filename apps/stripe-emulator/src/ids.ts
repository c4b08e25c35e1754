import { randomBytes } from 'node:crypto'

const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'

/** Random base-62 text; ids look like Stripe's (`cs_test_a1B2…`) without pretending to encode anything. */
function randomText(length: number): string {
  const bytes = randomBytes(length)
  let text = ''
  for (const byte of bytes) text += alphabet[byte % alphabet.length]
  return text
}

export const newId = (prefix: string, length = 24): string => `${prefix}_${randomText(length)}`
