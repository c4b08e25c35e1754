/**
 * The product's input limits (decision 012). Badge and handle names count grapheme clusters, what a person sees
 * as one character (decision 015).
 */
export const limits = {
  badgeNameMaxLength: 20,
  handleNameMaxLength: 100,
  xUsernameMaxLength: 15,
  passwordMinLength: 8,
  journalismClubMaxWorksPerPerson: 3,
  /** Not in the spec: a bound so one profile cannot store an unbounded list (decision 012). */
  profileUrlsMaxCount: 10,
  /** Not in the spec: the longest URL browsers and proxies handle reliably (decision 012). */
  urlMaxLength: 2048,
  /** Not in the spec: a staff note for the door is read at a glance (docs/decisions/175-door-attention.md). */
  attentionNoteMaxLength: 200,
  /** Not in the spec: what a participant tells the door about their access needs, as short as a staff note. */
  accessNeedsMaxLength: 200,
} as const

/** X (Twitter) user names: 1 to 15 letters, digits, underscores or hyphens. */
export const xUsernamePattern = new RegExp(`^[A-Za-z0-9_-]{1,${limits.xUsernameMaxLength}}$`)

/** Journalism club submissions (docs/requirements.md DOM-6). */
export const journalismClubSubmission = {
  maxWorksPerPerson: limits.journalismClubMaxWorksPerPerson,
  approximateMaxJapaneseCharacters: 10_000,
  approximateMaxEnglishWords: 2_000,
  /** A submission left unanswered this many days may be canceled. */
  unansweredCancelAfterDays: 7,
} as const

const day = 24 * 60 * 60 * 1000

/** The registration code (`registrationJwtToken`) is kept in browser storage for 7 days. */
export const storedRegistrationCodeLifetimeMs = 7 * day

/** Access tokens are due for refresh 30 s before they expire. */
export const accessTokenRefreshMarginMs = 30_000

/** A lazily loaded page whose script or stylesheet fails reloads itself at most this many times. */
export const preloadRetryLimit = 5

/** The cooking club's tasting: the first 50 sign-ups, 500 JPY each. */
export const cookingClubTasting = { capacity: 50, feeJpy: 500 } as const

/** Participants' data is kept for up to 1 year after the event. */
export const dataRetentionAfterEvent = { years: 1 } as const

/** No age limit, but participants aged 13 or under need a guardian. */
export const guardianRequiredAtOrBelowAge = 13

/** One fursuit per person. */
export const maxFursuitsPerPerson = 1

/** Both Cognito user pools live in Tokyo. */
export const identityProviderRegion = 'ap-northeast-1'
