import {
  developmentEdition,
  type Edition,
  editionPhase,
  firstEdition,
  nextEditionDraft,
  perTier,
} from '@furfes/core'
import { describe, expect, it } from 'vitest'
import { prepareDatabase } from '../src/server.ts'
import { editionHistory, makeEditionCurrent, prepareNextEdition } from '../src/services/edition-lifecycle.ts'
import {
  EditionRejectedError,
  listEditions,
  readCurrentEdition,
  saveEdition,
  seedEditions,
} from '../src/services/editions.ts'
import { createTestClock, databaseKinds, useTestDatabase } from './support/harness.ts'

const committee = '9f1d4a6e-0000-4000-8000-00000000c0de'
const otherCommittee = '9f1d4a6e-0000-4000-8000-00000000beef'
const noneTaken = { member: 0, fursuiter: 0, sponsor: 0, sponsor_fursuiter: 0 }

describe.each(databaseKinds)('editions on %s', (kind) => {
  const testDatabase = useTestDatabase(kind)
  const clock = createTestClock(Date.parse('2026-11-26T10:00:00+09:00'))
  const deps = () => ({ db: testDatabase().database.db, clock })

  it('seeds the first edition once and makes it current; a seeded database keeps what it has', async () => {
    await seedEditions(deps(), firstEdition)
    const changed: Edition = {
      ...firstEdition,
      tiers: { ...firstEdition.tiers, member: { ...firstEdition.tiers.member, priceJpy: 3500 } },
    }
    await Promise.all([seedEditions(deps(), changed), seedEditions(deps(), changed)])

    const current = await readCurrentEdition(deps())
    expect(current).toMatchObject({
      edition: firstEdition,
      status: 'published',
      version: 1,
      current: true,
      updatedBy: null,
    })
    expect((await editionHistory(deps(), '2025')).map((change) => change.action)).toEqual(['seeded'])
  })

  it('is seeded at start with the configured capacities, and a restart keeps what the committee saved', async () => {
    const capacities = { member: 10, fursuiter: 5, sponsor: 2, sponsor_fursuiter: 1 }
    await prepareDatabase(deps().db, { clock, capacities })
    const seeded = await readCurrentEdition(deps())
    expect(Object.values(seeded.edition.tiers).map((tier) => tier.capacity)).toEqual([10, 5, 2, 1])

    await saveEdition(deps(), {
      edition: { ...seeded.edition, expectedParticipants: 20 },
      version: 1,
      staffUserId: committee,
    })
    await prepareDatabase(deps().db, { clock, capacities: { ...capacities, member: 99 } })

    expect((await readCurrentEdition(deps())).edition).toMatchObject({
      expectedParticipants: 20,
      tiers: { member: { capacity: 10 } },
    })
  })

  it('seeds, when asked, a development edition on sale that day with its demo venue, or the configured venue', async () => {
    const capacities = { member: 10, fursuiter: 5, sponsor: 2, sponsor_fursuiter: 1 }
    await prepareDatabase(deps().db, { clock, capacities, seed: 'development' })

    const { edition } = await readCurrentEdition(deps())
    expect(edition).toEqual({
      ...developmentEdition(clock()),
      tiers: perTier((tier) => ({ ...firstEdition.tiers[tier], capacity: capacities[tier] })),
    })
    expect(edition).toMatchObject({ id: '2027', eventDate: '2027-02-25' })
    expect(editionPhase(edition, clock())).toBe('onSale')
  })

  it('saves a change made on the version it read, with who, when, before and after recorded', async () => {
    await seedEditions(deps(), firstEdition)
    clock.advance(60_000)
    const venue = {
      name: { ja: '東京会場', en: 'Tokyo Hall' },
      address: { ja: '東京都千代田区1-1', en: '1-1 Chiyoda, Tokyo' },
      access: { ja: '駅から徒歩5分', en: 'Five minutes from the station' },
      mapUrl: 'https://maps.example.com/tokyo-hall',
      entryTime: '09:30',
    }

    const saved = await saveEdition(deps(), {
      edition: { ...firstEdition, venue },
      version: 1,
      staffUserId: committee,
      taken: noneTaken,
    })

    expect(saved).toMatchObject({
      edition: { venue },
      version: 2,
      updatedBy: committee,
      updatedAt: new Date(clock()),
    })
    const history = await editionHistory(deps(), '2025')
    expect(history.at(-1)).toMatchObject({
      action: 'updated',
      staffUserId: committee,
      changedAt: new Date(clock()),
      before: { venue: null },
      after: { venue },
    })
  })

  it("refuses a save over someone else's (409 editionChanged) and keeps theirs", async () => {
    await seedEditions(deps(), firstEdition)
    const mine = { ...firstEdition, expectedParticipants: 600 }
    const theirs = { ...firstEdition, expectedParticipants: 700 }

    await saveEdition(deps(), { edition: theirs, version: 1, staffUserId: otherCommittee })
    await expect(
      saveEdition(deps(), { edition: mine, version: 1, staffUserId: committee }),
    ).rejects.toMatchObject({
      status: 409,
      message: 'editionChanged',
    })

    expect((await readCurrentEdition(deps())).edition.expectedParticipants).toBe(700)
    expect((await editionHistory(deps(), '2025')).map((change) => change.action)).toEqual([
      'seeded',
      'updated',
    ])
  })

  it('refuses a record that breaks a rule, or a capacity below the spots taken, each on its field', async () => {
    await seedEditions(deps(), firstEdition)
    const badDates = {
      ...firstEdition,
      registration: { opensOn: '2025-05-01', closesOn: '2025-04-01' },
    } as const
    const tooSmall = {
      ...firstEdition,
      tiers: { ...firstEdition.tiers, sponsor: { ...firstEdition.tiers.sponsor, capacity: 3 } },
    }

    await expect(
      saveEdition(deps(), { edition: badDates, version: 1, staffUserId: committee }),
    ).rejects.toEqual(
      new EditionRejectedError([
        { path: ['registration', 'closesOn'], message: 'validation.periodEndsBeforeStart' },
      ]),
    )
    const refused = saveEdition(deps(), {
      edition: tooSmall,
      version: 1,
      staffUserId: committee,
      taken: { ...noneTaken, sponsor: 4 },
    })
    await expect(refused).rejects.toMatchObject({
      issues: [{ path: ['tiers', 'sponsor', 'capacity'], message: 'validation.capacityBelowTaken' }],
    })
    expect((await readCurrentEdition(deps())).version).toBe(1)
  })

  it('prepares the next edition as a draft a year later, once, and makes it current when published', async () => {
    await seedEditions(deps(), firstEdition)

    const draft = await prepareNextEdition(deps(), committee)
    expect(draft).toMatchObject({
      edition: nextEditionDraft(firstEdition),
      status: 'draft',
      version: 1,
      current: false,
    })
    await expect(prepareNextEdition(deps(), committee)).rejects.toMatchObject({
      status: 409,
      message: 'editionExists',
    })
    expect((await readCurrentEdition(deps())).edition.id).toBe('2025')

    const priced = {
      ...draft.edition,
      tiers: { ...draft.edition.tiers, member: { priceJpy: 3500, capacity: 400, onSale: true } },
    }
    const reviewed = await saveEdition(deps(), { edition: priced, version: 1, staffUserId: committee })
    await expect(
      makeEditionCurrent(deps(), { editionId: '2026', version: 1, staffUserId: committee }),
    ).rejects.toMatchObject({ status: 409, message: 'editionChanged' })
    const current = await makeEditionCurrent(deps(), {
      editionId: '2026',
      version: reviewed.version,
      staffUserId: committee,
    })

    expect(current).toMatchObject({
      status: 'published',
      current: true,
      edition: { eventDate: '2026-05-10' },
    })
    expect((await readCurrentEdition(deps())).edition.tiers.member).toEqual({
      priceJpy: 3500,
      capacity: 400,
      onSale: true,
    })
    expect((await listEditions(deps())).map(({ edition, current }) => [edition.id, current])).toEqual([
      ['2026', true],
      ['2025', false],
    ])
    expect((await editionHistory(deps(), '2026')).map((change) => change.action)).toEqual([
      'created',
      'updated',
      'published',
      'made_current',
    ])
  })
})
