import { z } from 'zod'
import { validationMessage } from '../errors/catalogue.ts'
import { badgeArtworkSchema, festivalBadgeArtwork } from './badge-artwork.ts'
import {
  addCalendarDays,
  type CalendarDate,
  calendarDateInTokyo,
  endOfDayInTokyo,
  isCalendarDate,
  parseCalendarDate,
  startOfDayInTokyo,
  toCalendarDate,
} from './date.ts'
import { defaultEventDetails, eventPeriod } from './event.ts'
import { defaultRefundPolicy, refundPercentages } from './refund-policy.ts'
import {
  perTier,
  type RegistrationTier,
  registrationTierPriceJpy,
  registrationTiers,
} from './registration-tier.ts'
import { defaultEventSchedule } from './schedule.ts'
import { foldTypedNumber } from './typed-number.ts'

/**
 * One festival as data (docs/decisions/155-editions.md): everything that changes from one year to the next, which
 * the committee edits in the reception app. The event's life (announced, on sale, closed, event day, over) follows
 * from its dates; nothing here depends on the year the code was written.
 */

const text = z.string().trim().min(1, validationMessage('required')).max(200)
const localText = z.object({ ja: text, en: text })
const longLocalText = z.object({ ja: z.string().trim().max(2000), en: z.string().trim().max(2000) })
const calendarDate = z.custom<CalendarDate>(isCalendarDate, { message: validationMessage('dateInvalid') })
const timeOfDay = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, validationMessage('timeInvalid'))
const period = z.object({ from: calendarDate, to: calendarDate })
/** A whole number within a range, one message for anything else (text, a fraction, out of range). */
const whole = (min: number, max: number, message: ReturnType<typeof validationMessage>) =>
  z.number({ error: message }).int(message).min(min, message).max(max, message)
const wholeNumber = (max: number) => whole(0, max, validationMessage('wholeNumber'))
/** Stripe takes no card payment under 50 JPY. */
const priceJpy = whole(50, 1_000_000, validationMessage('wholeYen'))
const percent = whole(0, 100, validationMessage('percentInvalid'))
const duration = (min: number, max: number) => whole(min, max, validationMessage('durationInvalid'))
const httpsUrl = z.union([
  z.literal(''),
  z.url({ protocol: /^https$/, message: validationMessage('urlInvalid') }),
])

/** An outside page (a form, the survey, the album): empty until the committee has it; shown from `opensOn`. */
const linkSchema = z.object({ url: httpsUrl, opensOn: calendarDate.optional() })

const tierSchema = z.object({ priceJpy, capacity: wholeNumber(100_000), onSale: z.boolean() })

/** The venue paid participants are told: name, address and access in ja and en, a map link, when entry opens. */
export const editionVenueSchema = z.object({
  name: localText,
  address: localText,
  access: longLocalText,
  mapUrl: httpsUrl,
  entryTime: timeOfDay,
})

const editionShape = {
  /** A stable short name (`2025`): codes, addresses and file names carry it. */
  id: z.string().regex(/^[a-z0-9][a-z0-9-]{0,31}$/, validationMessage('editionIdInvalid')),
  name: localText,
  eventDate: calendarDate,
  startTime: timeOfDay,
  endTime: timeOfDay,
  publicPlace: localText,
  /** Null until the committee announces it; until then nobody is told where. */
  venue: editionVenueSchema.nullable(),
  registration: z.object({ opensOn: calendarDate, closesOn: calendarDate }),
  clubActivityApplication: period,
  discordInvitationsBy: calendarDate,
  clubActivityPreparation: period,
  journalismClubSubmissions: period,
  /** An instant, the end of a day in Japan: what it closes is the copy's to say. */
  deadline: calendarDate,
  tiers: z.object(perTier(() => tierSchema)),
  refundPolicy: z.object({
    earlyUntil: calendarDate,
    lateUntil: calendarDate,
    earlyPercent: percent,
    latePercent: percent,
  }),
  /** How long a pending registration holds its spot while its member pays (Stripe: 30 minutes to a day). */
  checkoutMinutes: duration(30, 24 * 60),
  /** How long a waiting-list offer holds its spot for its member (up to a week). */
  offerHours: duration(1, 7 * 24),
  expectedParticipants: wholeNumber(100_000),
  links: z.object({
    survey: linkSchema,
    photoAlbum: linkSchema,
    inquiryForm: linkSchema,
    newClubForm: linkSchema,
  }),
  /** Days after the event day that personal data is kept, as the privacy policy promises. */
  retentionDays: duration(30, 3 * 366),
  /** The bundled picture each tier's badge prints, or none (decision 211). */
  badgeArtwork: badgeArtworkSchema,
}

interface OrderRule {
  /** Wrong when the value at `first` is after (or, `strict`, not before) the one at `second`. */
  first: string
  second: string
  /** The field marked, with `message`. */
  marks: string
  message: ReturnType<typeof validationMessage>
  strict?: boolean
}

const periodOrder = validationMessage('periodEndsBeforeStart')
const beforeEvent = validationMessage('dateAfterEvent')
const periods = ['clubActivityApplication', 'clubActivityPreparation', 'journalismClubSubmissions'] as const

/** The rules that span fields: dates in order, the end time after the start, the later refund rate not above. */
const orderRules: readonly OrderRule[] = [
  ...periods.flatMap((name) => [
    { first: `${name}.from`, second: `${name}.to`, marks: `${name}.to`, message: periodOrder },
    { first: `${name}.to`, second: 'eventDate', marks: `${name}.to`, message: beforeEvent },
  ]),
  {
    first: 'registration.opensOn',
    second: 'registration.closesOn',
    marks: 'registration.closesOn',
    message: periodOrder,
  },
  {
    first: 'registration.closesOn',
    second: 'eventDate',
    marks: 'registration.closesOn',
    message: beforeEvent,
  },
  { first: 'discordInvitationsBy', second: 'eventDate', marks: 'discordInvitationsBy', message: beforeEvent },
  { first: 'deadline', second: 'eventDate', marks: 'deadline', message: beforeEvent },
  {
    first: 'refundPolicy.earlyUntil',
    second: 'refundPolicy.lateUntil',
    marks: 'refundPolicy.lateUntil',
    message: periodOrder,
  },
  {
    first: 'refundPolicy.lateUntil',
    second: 'eventDate',
    marks: 'refundPolicy.lateUntil',
    message: beforeEvent,
  },
  {
    first: 'startTime',
    second: 'endTime',
    marks: 'endTime',
    message: validationMessage('timeOrder'),
    strict: true,
  },
  {
    first: 'refundPolicy.latePercent',
    second: 'refundPolicy.earlyPercent',
    marks: 'refundPolicy.latePercent',
    message: validationMessage('refundRatesOrder'),
  },
]

function valueAt(record: unknown, path: string): unknown {
  return path
    .split('.')
    .reduce<unknown>(
      (value, name) =>
        value !== null && typeof value === 'object' ? (value as Record<string, unknown>)[name] : undefined,
      record,
    )
}

/** Two values a rule can compare: both valid dates, both times of day, or both numbers. */
function comparable(a: unknown, b: unknown): a is string | number {
  if (typeof a === 'number' && typeof b === 'number') return Number.isFinite(a) && Number.isFinite(b)
  const time = /^([01]\d|2[0-3]):[0-5]\d$/
  if (typeof a !== 'string' || typeof b !== 'string') return false
  return (isCalendarDate(a) && isCalendarDate(b)) || (time.test(a) && time.test(b))
}

/**
 * Where the order of two fields is wrong, each issue on the field to change. Reads any record, even one with
 * other mistakes, so a form shows these as soon as both fields of a rule are readable.
 */
function orderIssues(record: unknown): { path: string[]; message: string }[] {
  return orderRules.flatMap((rule) => {
    const first = valueAt(record, rule.first)
    const second = valueAt(record, rule.second)
    if (!comparable(first, second)) return []
    const wrong = rule.strict ? first >= (second as typeof first) : first > (second as typeof first)
    return wrong ? [{ path: rule.marks.split('.'), message: rule.message }] : []
  })
}

/** An edition as stored and edited, with every rule that spans fields checked (each issue on its field). */
export const editionSchema = z.object(editionShape).superRefine((edition, context) => {
  for (const issue of orderIssues(edition)) context.addIssue({ code: 'custom', input: edition, ...issue })
})
export type Edition = z.output<typeof editionSchema>
export type EditionVenue = z.output<typeof editionVenueSchema>

/**
 * Checks a change against what is already sold: no tier's capacity may go below the spots taken (paid, held
 * and offered). Returns the issues in the shape zod reports them, so a form shows them on their fields.
 */
export function capacityIssues(
  edition: Pick<Edition, 'tiers'>,
  taken: Readonly<Record<RegistrationTier, number>>,
) {
  return registrationTiers.flatMap((tier) =>
    edition.tiers[tier].capacity < taken[tier]
      ? [{ path: ['tiers', tier, 'capacity'], message: validationMessage('capacityBelowTaken') }]
      : [],
  )
}

/** The life of an edition, from its dates and whether any spot is left (docs/decisions/155-editions.md). */
export const editionPhases = ['announced', 'onSale', 'closed', 'eventDay', 'over'] as const
export type EditionPhase = (typeof editionPhases)[number]

/**
 * Where an edition is at an instant. `soldOut` means no tier has a spot and no waiting list takes names; a sold
 * out edition with a waiting list is still on sale. Registration closes at the end of its closing day in Japan;
 * the event day runs from its midnight to the next; after it the edition is over, for good.
 */
export function editionPhase(
  edition: Pick<Edition, 'eventDate' | 'registration'>,
  epochMs: number,
  options: { soldOut?: boolean } = {},
): EditionPhase {
  if (epochMs > endOfDayInTokyo(edition.eventDate)) return 'over'
  if (epochMs >= startOfDayInTokyo(edition.eventDate)) return 'eventDay'
  if (epochMs < startOfDayInTokyo(edition.registration.opensOn)) return 'announced'
  if (epochMs > endOfDayInTokyo(edition.registration.closesOn) || options.soldOut) return 'closed'
  return 'onSale'
}

/**
 * Days before the event on which the badge sheets are printed (decision 166): from the start of that day in
 * Japan a paid participant can no longer change their badge name, T-shirt size or changing room themselves.
 */
export const badgePrintDaysBeforeEvent = 7

/** The instant a paid participant's own changes of their details close: the start of the badge print day. */
export function detailsChangeClosesAt(edition: Pick<Edition, 'eventDate'>): number {
  return startOfDayInTokyo(addCalendarDays(edition.eventDate, -badgePrintDaysBeforeEvent))
}

/** True while a payment for the edition may still be taken: never once its event day has ended. */
export function editionTakesPayments(edition: Pick<Edition, 'eventDate'>, epochMs: number): boolean {
  return epochMs <= endOfDayInTokyo(edition.eventDate)
}

/** When the edition's personal data is due for erasure: the set number of days after the end of its event day. */
export function editionRetentionEndsAt(edition: Pick<Edition, 'eventDate' | 'retentionDays'>): number {
  return endOfDayInTokyo(edition.eventDate) + edition.retentionDays * 24 * 60 * 60 * 1000
}

/** The event's start and end instants in Japan. */
export function editionPeriod(edition: Pick<Edition, 'eventDate' | 'startTime' | 'endTime'>) {
  return eventPeriod(edition.eventDate, edition)
}

/** The same day a year later; 29 February becomes 28 February. */
function aYearLater(date: CalendarDate): CalendarDate {
  const parts = parseCalendarDate(date)
  if (!parts) throw new RangeError(`Not a calendar date: ${date}`)
  const year = parts.year + 1
  const day = parts.month === 2 && parts.day === 29 ? 28 : parts.day
  return toCalendarDate({ year, month: parts.month, day })
}

/**
 * When the next edition's registration opens: a year after this one's opened, but never before the day after
 * this one's event (a registration opening 15 months before its event would open before this event happened),
 * nor after its own closing day.
 */
function nextRegistrationOpensOn(edition: Edition, closesOn: CalendarDate): CalendarDate {
  // Calendar dates (YYYY-MM-DD) sort as text in time order.
  const [, opensOn = closesOn] = [
    aYearLater(edition.registration.opensOn),
    addCalendarDays(edition.eventDate, 1),
  ].sort()
  const [earliest = closesOn] = [opensOn, closesOn].sort()
  return earliest
}

/**
 * "Prepare the next edition": a copy of `edition` with every date a year later, the year in its names and id
 * moved on, sales switched off and the outside pages that belong to one year (survey, album) emptied, for the
 * committee to review before it is published. Its registration opens no earlier than the day after this
 * edition's event (nextRegistrationOpensOn).
 */
export function nextEditionDraft(edition: Edition): Edition {
  const year = edition.eventDate.slice(0, 4)
  const nextYear = String(Number(year) + 1)
  const moveYear = (value: string) => value.replaceAll(year, nextYear)
  const movePeriod = ({ from, to }: { from: CalendarDate; to: CalendarDate }) => ({
    from: aYearLater(from),
    to: aYearLater(to),
  })
  const id = edition.id.includes(year) ? moveYear(edition.id) : `${edition.id}-${nextYear}`
  return {
    ...edition,
    id,
    name: { ja: moveYear(edition.name.ja), en: moveYear(edition.name.en) },
    eventDate: aYearLater(edition.eventDate),
    registration: {
      opensOn: nextRegistrationOpensOn(edition, aYearLater(edition.registration.closesOn)),
      closesOn: aYearLater(edition.registration.closesOn),
    },
    clubActivityApplication: movePeriod(edition.clubActivityApplication),
    discordInvitationsBy: aYearLater(edition.discordInvitationsBy),
    clubActivityPreparation: movePeriod(edition.clubActivityPreparation),
    journalismClubSubmissions: movePeriod(edition.journalismClubSubmissions),
    deadline: aYearLater(edition.deadline),
    tiers: perTier((tier) => ({ ...edition.tiers[tier], onSale: false })),
    refundPolicy: {
      ...edition.refundPolicy,
      earlyUntil: aYearLater(edition.refundPolicy.earlyUntil),
      lateUntil: aYearLater(edition.refundPolicy.lateUntil),
    },
    links: {
      ...edition.links,
      survey: { url: '' },
      photoAlbum: { url: '' },
    },
  }
}

/**
 * The first edition: the spec's event (10 May 2025) with the published calendar, prices, refund policy and the
 * placeholder capacities (the test checks it against the schema). The API seeds the database with it once;
 * after that the database is the truth.
 */
export const firstEdition: Edition = {
  id: '2025',
  name: defaultEventDetails.name,
  eventDate: defaultEventSchedule.eventDate,
  startTime: defaultEventDetails.startTime,
  endTime: defaultEventDetails.endTime,
  publicPlace: defaultEventDetails.publicPlace,
  venue: null,
  // The spec's calendar opens registration on 14 February; it closes the day before the event.
  registration: { opensOn: defaultEventSchedule.registrationOpensOn, closesOn: '2025-05-09' },
  clubActivityApplication: defaultEventSchedule.clubActivityApplication,
  discordInvitationsBy: defaultEventSchedule.discordInvitationsBy,
  clubActivityPreparation: defaultEventSchedule.clubActivityPreparation,
  journalismClubSubmissions: defaultEventSchedule.journalismClubSubmissions,
  deadline: '2025-05-01',
  tiers: {
    member: { priceJpy: registrationTierPriceJpy.member, capacity: 300, onSale: true },
    fursuiter: { priceJpy: registrationTierPriceJpy.fursuiter, capacity: 150, onSale: true },
    sponsor: { priceJpy: registrationTierPriceJpy.sponsor, capacity: 50, onSale: true },
    sponsor_fursuiter: { priceJpy: registrationTierPriceJpy.sponsor_fursuiter, capacity: 50, onSale: true },
  },
  refundPolicy: {
    ...defaultRefundPolicy,
    earlyPercent: refundPercentages.early,
    latePercent: refundPercentages.late,
  },
  checkoutMinutes: 31,
  offerHours: 24,
  expectedParticipants: 500,
  links: {
    survey: {
      url: 'https://docs.google.com/forms/d/e/tokyo-furfes-2025-survey/viewform',
      opensOn: defaultEventSchedule.eventDate,
    },
    photoAlbum: {
      url: 'https://photos.app.goo.gl/tokyo-furfes-2025-clubs',
      opensOn: defaultEventSchedule.eventDate,
    },
    // Empty: the site's own contact page takes inquiries.
    inquiryForm: { url: '' },
    newClubForm: { url: 'https://docs.google.com/forms/d/e/tokyo-furfes-2025-new-club/viewform' },
  },
  retentionDays: 365,
  badgeArtwork: { ...festivalBadgeArtwork },
}

/** The venue a development edition tells its paid participants: plainly a stand-in. */
const demoVenue: EditionVenue = {
  name: { ja: 'デモ会場（開発用）', en: 'Demo venue (development)' },
  address: {
    ja: '東京都千代田区丸の内1-1-1（架空の住所）',
    en: '1-1-1 Marunouchi, Chiyoda, Tokyo (not a real address)',
  },
  access: {
    ja: '開発用の会場です。実在の会場ではありません。',
    en: 'A stand-in for development; no such venue exists.',
  },
  mapUrl: 'https://www.openstreetmap.org/#map=17/35.6812/139.7671',
  entryTime: '09:30',
}

/**
 * The edition `npm start` and the e2e stack seed (decision 155): the first edition's settings moved so that, on
 * the day the database is created, registration has been open for two weeks and the event is thirteen weeks
 * away, with a demo venue, so a newcomer can walk the whole flow. Its id and names carry its event's year.
 */
export function developmentEdition(epochMs: number): Edition {
  const today = calendarDateInTokyo(epochMs)
  const eventDate = addCalendarDays(today, 91)
  const before = (days: number) => addCalendarDays(eventDate, -days)
  const year = eventDate.slice(0, 4)
  const withYear = (value: string) => value.replaceAll(firstEdition.id, year)
  return {
    ...firstEdition,
    id: year,
    name: { ja: withYear(firstEdition.name.ja), en: withYear(firstEdition.name.en) },
    eventDate,
    venue: demoVenue,
    registration: { opensOn: addCalendarDays(today, -14), closesOn: before(1) },
    clubActivityApplication: { from: addCalendarDays(today, -14), to: before(42) },
    discordInvitationsBy: before(35),
    clubActivityPreparation: { from: before(35), to: before(7) },
    journalismClubSubmissions: { from: before(28), to: before(7) },
    deadline: before(14),
    refundPolicy: { ...firstEdition.refundPolicy, earlyUntil: before(30), lateUntil: before(7) },
    links: {
      ...firstEdition.links,
      survey: { url: withYear(firstEdition.links.survey.url), opensOn: eventDate },
      photoAlbum: { url: withYear(firstEdition.links.photoAlbum.url), opensOn: eventDate },
      newClubForm: { url: withYear(firstEdition.links.newClubForm.url) },
    },
  }
}

/** The fields of an edition's form: every leaf of the record, by its dotted path, as the text typed. */
export type EditionFormValues = Record<string, string | boolean>

const numericLeaf = /(priceJpy|capacity|Percent|Minutes|Hours|Participants|Days)$/

/** The form of an edition: each leaf of the record under its dotted path (`tiers.member.priceJpy`), numbers as text. */
export function editionFormValues(edition: Edition): EditionFormValues {
  const values: EditionFormValues = {}
  const walk = (value: unknown, path: string) => {
    if (value !== null && typeof value === 'object') {
      for (const [key, inner] of Object.entries(value)) walk(inner, path ? `${path}.${key}` : key)
    } else if (typeof value === 'boolean') values[path] = value
    else if (value !== undefined && value !== null) values[path] = String(value)
  }
  // Every tier has its artwork choice in the form, in the tiers' order, empty for none.
  walk({ ...edition, badgeArtwork: perTier((tier) => edition.badgeArtwork?.[tier] ?? '') }, '')
  // The venue's fields are in the form even before it is announced; left empty, there is no venue.
  if (edition.venue === null) {
    for (const field of [
      'name.ja',
      'name.en',
      'address.ja',
      'address.en',
      'access.ja',
      'access.en',
      'mapUrl',
      'entryTime',
    ]) {
      values[`venue.${field}`] = ''
    }
  }
  for (const link of ['survey', 'photoAlbum', 'inquiryForm', 'newClubForm'])
    values[`links.${link}.opensOn`] ??= ''
  return values
}

/** The record a form's values describe, before the rules are checked: numbers read from their text. */
function editionFromFormValues(values: EditionFormValues): unknown {
  const record: Record<string, unknown> = {}
  for (const [path, value] of Object.entries(values)) {
    const names = path.split('.')
    const last = names.pop() ?? ''
    let parent = record
    for (const name of names) {
      parent[name] ??= {}
      parent = parent[name] as Record<string, unknown>
    }
    if (typeof value === 'string' && numericLeaf.test(last)) {
      const folded = foldTypedNumber(value)
      // Text that is no number stays text, so the rule of the field names what is wrong.
      parent[last] = /^-?\d+(\.\d+)?$/.test(folded) ? Number(folded) : folded
    } else parent[last] = value
  }
  const venue = record.venue as Record<string, unknown> | undefined
  const isEmpty = (value: unknown): boolean =>
    typeof value === 'object' && value !== null
      ? Object.values(value).every(isEmpty)
      : value === '' || value === undefined
  if (venue && isEmpty(venue)) record.venue = null
  for (const link of Object.values((record.links ?? {}) as Record<string, Record<string, unknown>>)) {
    if (link.opensOn === '') delete link.opensOn
  }
  const artwork = (record.badgeArtwork ?? {}) as Record<string, unknown>
  for (const tier of Object.keys(artwork)) if (artwork[tier] === '') delete artwork[tier]
  return record
}

/**
 * An edition's form checked as it is typed: the values become the record, and core's rules report each issue
 * under the dotted path of its field, which is the field's name in the form. The rules that span fields are
 * reported alongside the others, not only once every field is readable.
 */
export const editionFormSchema = {
  safeParse(values: EditionFormValues) {
    const record = editionFromFormValues(values)
    const result = editionSchema.safeParse(record)
    if (result.success) return result
    const reported = new Set(result.error.issues.map((issue) => issue.path.join('.')))
    const spanning = orderIssues(record).filter((issue) => !reported.has(issue.path.join('.')))
    const issues = [
      ...result.error.issues,
      ...spanning.map((issue) => ({ code: 'custom' as const, input: record, ...issue })),
    ]
    return { success: false as const, error: new z.ZodError(issues) }
  },
}
