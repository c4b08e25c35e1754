/*
 * One form for an e-mail address (decision 148). People type addresses with a Japanese IME in fullwidth
 * (ｄｅｍｏ＠example.com), with stray spaces and in any case; the user pool must see one address for all of
 * them, or one person gets two accounts and password reset finds neither.
 */

/**
 * The one form of an address: NFKC first (fullwidth letters and the fullwidth ＠ become ASCII), then trimmed
 * (NFKC turns the ideographic space into a plain one) and lower-cased. Cognito compares usernames without case
 * but knows nothing of NFKC, so every client folds before it calls Cognito.
 */
export function foldEmail(email: string): string {
  return email.normalize('NFKC').trim().toLowerCase()
}

/**
 * Scripts told apart in a domain. A letter of any other script counts as a script of its own, so it mixes
 * with everything; digits, hyphens and dots belong to none (Common) and mix with every script.
 */
const scripts = [
  ['Latin', /\p{sc=Latin}/u],
  ['Greek', /\p{sc=Greek}/u],
  ['Cyrillic', /\p{sc=Cyrillic}/u],
  ['Armenian', /\p{sc=Armenian}/u],
  ['Georgian', /\p{sc=Georgian}/u],
  ['Cherokee', /\p{sc=Cherokee}/u],
  ['Han', /\p{sc=Han}/u],
  ['Hiragana', /\p{sc=Hiragana}/u],
  ['Katakana', /\p{sc=Katakana}/u],
  ['Hangul', /\p{sc=Hangul}/u],
  ['Bopomofo', /\p{sc=Bopomofo}/u],
] as const
type Script = (typeof scripts)[number][0] | 'Other'

/**
 * The mixes one writing system uses (Unicode's "highly restrictive" identifier profile): Japanese mixes Latin,
 * Han, Hiragana and Katakana, Chinese Latin, Han and Bopomofo, Korean Latin, Han and Hangul.
 */
const writingSystems: readonly ReadonlySet<Script>[] = [
  new Set(['Latin', 'Han', 'Hiragana', 'Katakana']),
  new Set(['Latin', 'Han', 'Bopomofo']),
  new Set(['Latin', 'Han', 'Hangul']),
]

const scriptless = /[\p{sc=Common}\p{sc=Inherited}]/u

function scriptOf(character: string): Script | undefined {
  if (scriptless.test(character)) return undefined
  return scripts.find(([, pattern]) => pattern.test(character))?.[0] ?? 'Other'
}

/**
 * Whether the domain of an address holds letters of scripts no one writing system mixes, as a look-alike
 * does: the Cyrillic е and а in "exаmple.com" look Latin but make another domain.
 */
export function emailDomainMixesScripts(email: string): boolean {
  const domain = email.slice(email.lastIndexOf('@') + 1)
  const used = new Set<Script>()
  for (const character of domain) {
    const script = scriptOf(character)
    if (script !== undefined) used.add(script)
  }
  if (used.size <= 1) return false
  return !writingSystems.some((system) => [...used].every((script) => system.has(script)))
}
