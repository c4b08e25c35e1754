import { describe, expect, it } from 'vitest'
import {
  capacityIssues,
  developmentEdition,
  editionFormSchema,
  editionFormValues,
  editionPeriod,
  editionPhase,
  editionRetentionEndsAt,
  editionSchema,
  editionTakesPayments,
  firstEdition,
  nextEditionDraft,
} from './edition.ts'

/** An instant in Japan, written as its wall-clock time there. */
const tokyo = (wallClock: string) => Date.parse(`${wallClock}+09:00`)

/** The issues zod reports for the first edition with the field at `path` (dotted) set to `value`. */
function issuesOf(path: string, value: unknown) {
  const edition: Record<string, unknown> = structuredClone(firstEdition)
  const names = path.split('.')
  const last = names.pop() ?? ''
  const parent = names.reduce((record, name) => record[name] as Record<string, unknown>, edition)
  parent[last] = value
  const result = editionSchema.safeParse(edition)
  return result.success
    ? []
    : result.error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message }))
}

describe('the first edition', () => {
  it("is the spec's event: 10 May 2025, 10:00 to 18:00 in Japan, its prices and refund policy", () => {
    expect(firstEdition).toMatchObject({
      id: '2025',
      name: { ja: '東京ふぁーりーフェス 2025', en: 'Tokyo Furry Fes 2025' },
      eventDate: '2025-05-10',
      venue: null,
      registration: { opensOn: '2024-02-14', closesOn: '2025-05-09' },
      refundPolicy: { earlyUntil: '2025-04-10', lateUntil: '2025-05-03', earlyPercent: 90, latePercent: 50 },
      retentionDays: 365,
    })
    expect(Object.values(firstEdition.tiers).map((tier) => tier.priceJpy)).toEqual([3000, 4000, 10000, 11000])
    expect(editionPeriod(firstEdition)).toEqual({
      start: tokyo('2025-05-10T10:00:00'),
      end: tokyo('2025-05-10T18:00:00'),
    })
  })
})

describe('editionSchema', () => {
  it.each([
    ['registration closing before it opens', 'registration.closesOn', '2024-01-01', 'periodEndsBeforeStart'],
    ['registration closing after the event', 'registration.closesOn', '2025-05-11', 'dateAfterEvent'],
    [
      'a club period ending before it starts',
      'clubActivityApplication.to',
      '2025-02-01',
      'periodEndsBeforeStart',
    ],
    ['submissions after the event', 'journalismClubSubmissions.to', '2025-06-01', 'dateAfterEvent'],
    [
      'the late refund cut-off before the early one',
      'refundPolicy.lateUntil',
      '2025-04-01',
      'periodEndsBeforeStart',
    ],
    ['a later refund rate above the earlier', 'refundPolicy.latePercent', 95, 'refundRatesOrder'],
    ['an end time before the start', 'endTime', '09:00', 'timeOrder'],
    ['a time that is not HH:MM', 'startTime', '10時', 'timeInvalid'],
    ['a price in fractions of a yen', 'tiers.member.priceJpy', 3000.5, 'wholeYen'],
    ["a price under Stripe's minimum", 'tiers.member.priceJpy', 10, 'wholeYen'],
    ['a negative capacity', 'tiers.sponsor.capacity', -1, 'wholeNumber'],
    ['a rate above 100', 'refundPolicy.earlyPercent', 101, 'percentInvalid'],
    ['an impossible date', 'eventDate', '2025-02-30', 'dateInvalid'],
    ['a link that is not https', 'links.survey.url', 'http://example.com/survey', 'urlInvalid'],
    ['an empty Japanese name', 'name.ja', '  ', 'required'],
  ])('marks %s on its field', (_, path, value, message) => {
    expect(issuesOf(path, value)).toContainEqual({ path, message: `validation.${message}` })
  })

  it('accepts the first edition as it is, and an empty link as "not yet"', () => {
    expect(editionSchema.parse(firstEdition)).toEqual(firstEdition)
    expect(issuesOf('links.survey', { url: '' })).toEqual([])
  })
})

describe('capacityIssues', () => {
  it('refuses a capacity below the spots taken, and allows one equal to them', () => {
    const taken = { member: 120, fursuiter: 0, sponsor: 50, sponsor_fursuiter: 0 }
    const edition = structuredClone(firstEdition)
    edition.tiers.member.capacity = 119
    edition.tiers.sponsor.capacity = 50

    expect(capacityIssues(edition, taken)).toEqual([
      { path: ['tiers', 'member', 'capacity'], message: 'validation.capacityBelowTaken' },
    ])
  })
})

describe('editionPhase', () => {
  it.each([
    ['2024-02-13T23:59:59', 'announced'],
    ['2024-02-14T00:00:00', 'onSale'],
    ['2025-05-09T23:59:59', 'onSale'],
    ['2025-05-10T00:00:00', 'eventDay'],
    ['2025-05-10T23:59:59', 'eventDay'],
    ['2025-05-11T00:00:00', 'over'],
    ['2026-11-26T12:00:00', 'over'],
  ] as const)('at %s in Japan is %s', (wallClock, phase) => {
    expect(editionPhase(firstEdition, tokyo(wallClock))).toBe(phase)
  })

  it('is closed after registration closes, or when sold out with no waiting list, before the event day', () => {
    const edition = {
      ...firstEdition,
      registration: { opensOn: '2024-02-14', closesOn: '2025-05-01' },
    } as const
    expect(editionPhase(edition, tokyo('2025-05-02T00:00:00'))).toBe('closed')
    expect(editionPhase(firstEdition, tokyo('2025-03-01T12:00:00'), { soldOut: true })).toBe('closed')
    expect(editionPhase(firstEdition, tokyo('2025-05-10T12:00:00'), { soldOut: true })).toBe('eventDay')
  })

  it('takes payments until the end of the event day and never after', () => {
    expect(editionTakesPayments(firstEdition, tokyo('2025-05-10T23:59:59'))).toBe(true)
    expect(editionTakesPayments(firstEdition, tokyo('2025-05-11T00:00:00'))).toBe(false)
  })
})

describe('editionRetentionEndsAt', () => {
  it('is the set number of days after the end of the event day in Japan', () => {
    expect(editionRetentionEndsAt(firstEdition)).toBe(tokyo('2026-05-11T00:00:00') - 1)
    expect(editionRetentionEndsAt({ eventDate: '2025-05-10', retentionDays: 30 })).toBe(
      tokyo('2025-06-10T00:00:00') - 1,
    )
  })
})

describe('developmentEdition', () => {
  it('is on sale on the day it is made, with its event thirteen weeks later and a demo venue', () => {
    const now = tokyo('2026-11-27T14:00:00')
    const edition = developmentEdition(now)

    expect(editionSchema.parse(edition)).toEqual(edition)
    expect(edition).toMatchObject({
      id: '2027',
      name: { ja: '東京ふぁーりーフェス 2027', en: 'Tokyo Furry Fes 2027' },
      eventDate: '2027-02-26',
      registration: { opensOn: '2026-11-13', closesOn: '2027-02-25' },
      refundPolicy: { earlyUntil: '2027-01-27', lateUntil: '2027-02-19' },
      venue: { name: { en: 'Demo venue (development)' } },
    })
    expect(editionPhase(edition, now)).toBe('onSale')
    expect(edition.tiers).toEqual(firstEdition.tiers)
  })

  it('counts its days in Japan: just after midnight there is already the next day', () => {
    expect(developmentEdition(tokyo('2026-12-31T23:59:59')).eventDate).toBe('2027-04-01')
    expect(developmentEdition(tokyo('2027-01-01T00:00:01')).eventDate).toBe('2027-04-02')
  })
})

describe('nextEditionDraft', () => {
  it('moves every date a year, moves the year in its id and names, and stops sales for review', () => {
    const draft = nextEditionDraft(firstEdition)

    expect(editionSchema.parse(draft)).toEqual(draft)
    expect(draft).toMatchObject({
      id: '2026',
      name: { ja: '東京ふぁーりーフェス 2026', en: 'Tokyo Furry Fes 2026' },
      eventDate: '2026-05-10',
      // A year after 14 February 2024 would be before this event: it opens the day after it instead.
      registration: { opensOn: '2025-05-11', closesOn: '2026-05-09' },
      clubActivityApplication: { from: '2026-02-21', to: '2026-03-07' },
      discordInvitationsBy: '2026-03-14',
      deadline: '2026-05-01',
      refundPolicy: { earlyUntil: '2026-04-10', lateUntil: '2026-05-03', earlyPercent: 90, latePercent: 50 },
      links: { survey: { url: '' }, photoAlbum: { url: '' }, newClubForm: firstEdition.links.newClubForm },
    })
    expect(Object.values(draft.tiers).map((tier) => [tier.priceJpy, tier.onSale])).toEqual([
      [3000, false],
      [4000, false],
      [10000, false],
      [11000, false],
    ])
    expect(firstEdition.tiers.member.onSale).toBe(true)
  })

  it('opens registration no earlier than the day after this event, and a year on when that is later', () => {
    // Registration opened 15 months before the event: a year on, it would open before this event happened.
    expect(nextEditionDraft(firstEdition).registration.opensOn).toBe('2025-05-11')
    // Opened three months before the event: a year on is already after this event, and is kept.
    const shortWindow = editionSchema.parse({
      ...firstEdition,
      registration: { opensOn: '2025-02-14', closesOn: '2025-05-09' },
    })
    expect(nextEditionDraft(shortWindow).registration).toEqual({
      opensOn: '2026-02-14',
      closesOn: '2026-05-09',
    })
    // Every date of every draft keeps its order, from an edition that opened years ahead to one opened late.
    for (const opensOn of ['2022-01-01', '2024-05-10', '2025-04-01', '2025-05-09']) {
      const edition = editionSchema.parse({
        ...firstEdition,
        registration: { opensOn, closesOn: '2025-05-09' },
      })
      const draft = nextEditionDraft(edition)
      expect(editionSchema.safeParse(draft).success).toBe(true)
      expect(draft.registration.opensOn > edition.eventDate).toBe(true)
    }
  })

  it('never opens the next registration after it closes', () => {
    // A registration that closed more than a year before its event: the day after the event is past the close.
    const early = editionSchema.parse({
      ...firstEdition,
      registration: { opensOn: '2024-01-01', closesOn: '2024-03-01' },
    })
    const draft = nextEditionDraft(early)
    expect(draft.registration).toEqual({ opensOn: '2025-03-01', closesOn: '2025-03-01' })
    expect(editionSchema.safeParse(draft).success).toBe(true)
  })

  it('turns 29 February into 28 February, and names an id without the year after the next one', () => {
    const leap = editionSchema.parse({
      ...firstEdition,
      id: 'spring',
      eventDate: '2028-02-29',
      registration: { opensOn: '2027-12-01', closesOn: '2028-02-28' },
      clubActivityApplication: { from: '2027-12-01', to: '2027-12-31' },
      discordInvitationsBy: '2028-01-10',
      clubActivityPreparation: { from: '2028-01-01', to: '2028-02-28' },
      journalismClubSubmissions: { from: '2028-01-01', to: '2028-02-01' },
      deadline: '2028-02-20',
      refundPolicy: { ...firstEdition.refundPolicy, earlyUntil: '2028-01-29', lateUntil: '2028-02-22' },
    })

    const draft = nextEditionDraft(leap)

    expect([draft.id, draft.eventDate, draft.registration.closesOn]).toEqual([
      'spring-2029',
      '2029-02-28',
      '2029-02-28',
    ])
    expect(editionSchema.safeParse(draft).success).toBe(true)
  })
})

describe('the edition form', () => {
  const venue = {
    name: { ja: '東京会場', en: 'Tokyo Hall' },
    address: { ja: '東京都千代田区1-1', en: '1-1 Chiyoda, Tokyo' },
    access: { ja: '', en: '' },
    mapUrl: 'https://maps.example.com/hall',
    entryTime: '09:30',
  }
  const messagesOf = (values: Record<string, string | boolean>) => {
    const result = editionFormSchema.safeParse(values)
    return result.success
      ? {}
      : Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.'), issue.message]))
  }

  it('has a field per leaf under its dotted path, numbers as text, and reads back the same edition', () => {
    const values = editionFormValues(firstEdition)

    expect(values).toMatchObject({
      'name.ja': '東京ふぁーりーフェス 2025',
      eventDate: '2025-05-10',
      'tiers.member.priceJpy': '3000',
      'tiers.member.onSale': true,
      'refundPolicy.earlyPercent': '90',
      'venue.name.ja': '',
      'links.inquiryForm.opensOn': '',
    })
    expect(editionFormSchema.safeParse(values)).toEqual({ success: true, data: firstEdition })
    // As typed on a Japanese keyboard: fullwidth digits, with or without a thousands separator.
    expect(
      editionFormSchema.safeParse({
        ...values,
        'tiers.member.priceJpy': '３，０００',
        'refundPolicy.earlyPercent': '９０',
      }),
    ).toEqual({ success: true, data: firstEdition })
    const announced = { ...firstEdition, venue }
    expect(editionFormSchema.safeParse(editionFormValues(announced))).toEqual({
      success: true,
      data: announced,
    })
  })

  it('names each wrong field by its form name, with the message of its rule', () => {
    const values = editionFormValues(firstEdition)

    expect(
      messagesOf({
        ...values,
        'tiers.member.priceJpy': '30,00',
        'tiers.sponsor.capacity': '1.5',
        'refundPolicy.latePercent': '95',
        'registration.closesOn': '2025-05-11',
        'venue.name.ja': '東京会場',
      }),
    ).toMatchObject({
      'tiers.member.priceJpy': 'validation.wholeYen',
      'tiers.sponsor.capacity': 'validation.wholeNumber',
      'refundPolicy.latePercent': 'validation.refundRatesOrder',
      'registration.closesOn': 'validation.dateAfterEvent',
      // A venue begun must be whole.
      'venue.address.ja': 'validation.required',
    })
  })
})

describe('the badge artwork setting', () => {
  it("starts as the festival's own set, and an edition stored before the setting reads as that set", () => {
    expect(firstEdition.badgeArtwork).toEqual({
      member: 'mark',
      fursuiter: 'paws',
      sponsor: 'star',
      sponsor_fursuiter: 'star-paws',
    })
    const { badgeArtwork: _, ...stored } = firstEdition
    expect(editionSchema.parse(stored).badgeArtwork).toEqual(firstEdition.badgeArtwork)
    expect(nextEditionDraft(firstEdition).badgeArtwork).toEqual(firstEdition.badgeArtwork)
  })

  it('takes a bundled picture or none per tier, and refuses a key not in the catalogue with its message', () => {
    expect(issuesOf('badgeArtwork', { member: 'star', sponsor: 'mark' })).toEqual([])
    expect(issuesOf('badgeArtwork', {})).toEqual([])
    expect(issuesOf('badgeArtwork.fursuiter', 'dragon')).toEqual([
      { path: 'badgeArtwork.fursuiter', message: 'validation.badgeArtworkUnknown' },
    ])
    // An address is not a key: the reception only prints pictures it holds offline.
    expect(issuesOf('badgeArtwork.member', '/badges/member.svg')).toEqual([
      { path: 'badgeArtwork.member', message: 'validation.badgeArtworkUnknown' },
    ])
  })

  it('is a choice per tier in the form, empty for none, read back without that tier', () => {
    const values = editionFormValues({ ...firstEdition, badgeArtwork: { member: 'paws' } })
    expect(values).toMatchObject({
      'badgeArtwork.member': 'paws',
      'badgeArtwork.fursuiter': '',
      'badgeArtwork.sponsor_fursuiter': '',
    })
    const parsed = editionFormSchema.safeParse({ ...values, 'badgeArtwork.sponsor': 'star' })
    expect(parsed.success && parsed.data.badgeArtwork).toEqual({ member: 'paws', sponsor: 'star' })
    const wrong = editionFormSchema.safeParse({ ...values, 'badgeArtwork.member': 'dragon' })
    expect(
      wrong.success ? [] : wrong.error.issues.map((issue) => [issue.path.join('.'), issue.message]),
    ).toEqual([['badgeArtwork.member', 'validation.badgeArtworkUnknown']])
  })
})
