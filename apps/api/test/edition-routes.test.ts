import { randomUUID } from 'node:crypto'
import {
  type EditionChangeWire,
  type EditionWire,
  firstEdition,
  type PublicEditionWire,
  type StoredEditionWire,
} from '@furfes/core'
import { sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import {
  databaseKinds,
  registeredMember,
  registrationRequest,
  useAdmin,
  useTestApi,
} from './support/harness.ts'
import { testVenue } from './support/venue.ts'

/*
 * The edition over HTTP (decision 155): the public read the sites cache by its ETag, and the committee's settings.
 */

describe.each(databaseKinds)('edition routes on %s', (kind) => {
  const sut = useTestApi(kind, { venue: testVenue })
  const admin = useAdmin(sut)

  async function adminRead(editionId: string): Promise<StoredEditionWire> {
    const read = await sut.request('GET', `/admin/editions/${editionId}`, { token: admin.token })
    expect(read.status).toBe(200)
    return read.body as StoredEditionWire
  }

  function save(edition: EditionWire, version: number) {
    return sut.request('PUT', `/admin/editions/${edition.id}`, {
      token: admin.token,
      body: { edition, version },
    })
  }

  it('answers the current edition to anyone, without the venue, with its phase, an ETag and 304 on a match', async () => {
    const read = await sut.request('GET', '/edition')

    expect(read.status).toBe(200)
    const body = read.body as PublicEditionWire
    expect(body).toMatchObject({
      id: '2025',
      event_date: '2025-05-10',
      // The test clock is 1 March 2025: registration is open.
      phase: 'onSale',
      tiers: { member: { price_jpy: firstEdition.tiers.member.priceJpy, capacity: 5, on_sale: true } },
      refund_policy: { early_until: firstEdition.refundPolicy.earlyUntil },
      links: { survey: { url: firstEdition.links.survey.url, opens_on: '2025-05-10' } },
      retention_days: 365,
    })
    expect(body).not.toHaveProperty('venue')
    expect(JSON.stringify(body)).not.toContain(testVenue.address.en)
    const etag = read.headers.get('etag')
    expect(etag).toMatch(/^"[\w-]+"$/)
    expect(read.headers.get('cache-control')).toBe('public, max-age=60')

    const again = await sut.request('GET', '/edition', { headers: { 'If-None-Match': etag ?? '' } })
    expect(again).toMatchObject({ status: 304, body: undefined })
    expect(again.headers.get('etag')).toBe(etag)
    const other = await sut.request('GET', '/edition', { headers: { 'If-None-Match': '"something-else"' } })
    expect(other.status).toBe(200)
  })

  it('gives a new ETag and the new phase once the clock passes the event day', async () => {
    const before = await sut.request('GET', '/edition')
    sut.clock.set(Date.parse('2025-05-11T00:00:00+09:00'))

    const after = await sut.request('GET', '/edition', {
      headers: { 'If-None-Match': before.headers.get('etag') ?? '' },
    })

    expect(after).toMatchObject({ status: 200, body: { phase: 'over' } })
    expect(after.headers.get('etag')).not.toBe(before.headers.get('etag'))
  })

  it('lists the editions for staff only, with status, version and the current flag', async () => {
    expect((await sut.request('GET', '/admin/editions')).status).toBe(401)
    const asMember = await sut.request('GET', '/admin/editions', { token: await sut.memberToken() })
    expect(asMember.status).toBe(403)

    const list = await sut.request('GET', '/admin/editions', { token: admin.token })

    expect(list).toMatchObject({
      status: 200,
      body: {
        items: [
          {
            edition: { id: '2025', venue: { map_url: testVenue.map_url } },
            status: 'published',
            version: 1,
            current: true,
            updated_by: null,
          },
        ],
      },
    })
    expect((await sut.request('GET', '/admin/editions/1999', { token: admin.token })).status).toBe(404)
  })

  it('saves a change over the version it was read at, and the public read shows it at once', async () => {
    const read = await adminRead('2025')
    const changed = {
      ...read.edition,
      tiers: { ...read.edition.tiers, member: { ...read.edition.tiers.member, price_jpy: 4200 } },
    }

    const saved = await save(changed, read.version)

    expect(saved).toMatchObject({ status: 200, body: { version: 2, updated_by: admin.id } })
    expect((await sut.request('GET', '/edition')).body).toMatchObject({
      tiers: { member: { price_jpy: 4200 } },
    })
  })

  it('refuses a save made on a stale version (409 editionChanged) and keeps the newer one', async () => {
    const read = await adminRead('2025')
    expect((await save({ ...read.edition, expected_participants: 600 }, read.version)).status).toBe(200)

    const stale = await save({ ...read.edition, expected_participants: 700 }, read.version)

    expect(stale).toMatchObject({ status: 409, body: { message: 'editionChanged' } })
    expect((await adminRead('2025')).edition.expected_participants).toBe(600)
  })

  it('refuses an edition that breaks its rules with each issue on its field, and changes nothing', async () => {
    const read = await adminRead('2025')

    const fraction = await save(
      {
        ...read.edition,
        tiers: { ...read.edition.tiers, sponsor: { ...read.edition.tiers.sponsor, price_jpy: 10.5 } },
      },
      read.version,
    )
    const lateClose = await save(
      { ...read.edition, registration: { opens_on: '2025-02-14', closes_on: '2025-06-01' } },
      read.version,
    )

    expect(fraction).toMatchObject({
      status: 400,
      body: {
        message: 'editionInvalid',
        issues: [{ path: ['tiers', 'sponsor', 'priceJpy'], message: 'validation.wholeYen' }],
      },
    })
    expect(lateClose).toMatchObject({
      status: 400,
      body: {
        message: 'editionInvalid',
        issues: [{ path: ['registration', 'closesOn'], message: 'validation.dateAfterEvent' }],
      },
    })
    const renamed = await sut.request('PUT', '/admin/editions/2025', {
      token: admin.token,
      body: { edition: { ...read.edition, id: '2025-bis' }, version: read.version },
    })
    expect(renamed).toMatchObject({ status: 400, body: { message: 'invalidRequest' } })
    expect(await adminRead('2025')).toEqual(read)
  })

  it('refuses a capacity below the spots already taken, and the inventory follows a capacity saved above', async () => {
    await registeredMember(sut, 'sponsor')
    await registeredMember(sut, 'sponsor', { pay: false })
    const read = await adminRead('2025')
    const withSponsorCapacity = (capacity: number) => ({
      ...read.edition,
      tiers: { ...read.edition.tiers, sponsor: { ...read.edition.tiers.sponsor, capacity } },
    })

    const refused = await save(withSponsorCapacity(1), read.version)
    expect(refused).toMatchObject({
      status: 400,
      body: {
        message: 'editionInvalid',
        issues: [{ path: ['tiers', 'sponsor', 'capacity'], message: 'validation.capacityBelowTaken' }],
      },
    })

    expect((await save(withSponsorCapacity(3), read.version)).status).toBe(200)
    const token = await sut.memberToken()
    const third = await sut.request('POST', '/registration', { token, body: registrationRequest('sponsor') })
    expect(third.status).toBe(201)
    const fourth = await sut.request('POST', '/registration', {
      token: await sut.memberToken(),
      body: registrationRequest('sponsor'),
    })
    expect(fourth).toMatchObject({ status: 409, body: { message: 'soldOut' } })
  })

  it("refunds by the current edition's rates and cut-offs", async () => {
    const { registrationId } = await registeredMember(sut, 'member')
    const read = await adminRead('2025')
    const refundPolicy = { ...read.edition.refund_policy, early_until: '2025-02-20', late_percent: 40 }
    expect((await save({ ...read.edition, refund_policy: refundPolicy }, read.version)).status).toBe(200)

    const quote = await sut.request('GET', `/admin/registrations/${registrationId}/refund`, {
      token: admin.token,
    })

    // 1 March 2025 is after the moved early cut-off: the late rate, 40 %, of the fee paid.
    const feeJpy = firstEdition.tiers.member.priceJpy
    expect(quote).toMatchObject({
      status: 200,
      body: {
        policy_period: 'late',
        policy_percentage: 40,
        policy_refund_jpy: Math.floor((feeJpy * 40) / 100),
      },
    })
  })

  it('prepares the next edition once, publishes it, and records who changed what', async () => {
    const prepared = await sut.request('POST', '/admin/editions/next', { token: admin.token })
    expect(prepared).toMatchObject({
      status: 201,
      body: {
        edition: { id: '2026', event_date: '2026-05-10' },
        status: 'draft',
        version: 1,
        current: false,
      },
    })
    expect(await sut.request('POST', '/admin/editions/next', { token: admin.token })).toMatchObject({
      status: 409,
      body: { message: 'editionExists' },
    })

    const draft = (prepared.body as StoredEditionWire).edition
    const reviewed = await save({ ...draft, expected_participants: 800 }, 1)
    expect(reviewed.status).toBe(200)
    expect(
      await sut.request('POST', '/admin/editions/2026/publish', { token: admin.token, body: { version: 1 } }),
    ).toMatchObject({ status: 409, body: { message: 'editionChanged' } })
    const published = await sut.request('POST', '/admin/editions/2026/publish', {
      token: admin.token,
      body: { version: 2 },
    })

    expect(published).toMatchObject({ status: 200, body: { status: 'published', current: true, version: 3 } })
    expect((await sut.request('GET', '/edition')).body).toMatchObject({
      id: '2026',
      event_date: '2026-05-10',
      expected_participants: 800,
    })
    const history = await sut.request('GET', '/admin/editions/2026/changes', { token: admin.token })
    const changes = (history.body as { items: EditionChangeWire[] }).items
    expect(changes.map(({ action, staff_user_id }) => ({ action, staff_user_id }))).toEqual([
      { action: 'created', staff_user_id: admin.id },
      { action: 'updated', staff_user_id: admin.id },
      { action: 'published', staff_user_id: admin.id },
      { action: 'made_current', staff_user_id: admin.id },
    ])
    expect(changes[1]).toMatchObject({
      before: { expected_participants: draft.expected_participants },
      after: { expected_participants: 800 },
    })
    expect(Date.parse(changes[0]?.changed_at ?? '')).toBe(sut.clock())
    expect((await sut.request('GET', '/admin/editions/1999/changes', { token: admin.token })).status).toBe(
      404,
    )
  })

  it("keeps the badge artwork per tier as the committee sets it: the festival's set by default, keys only, the committee's alone, recorded", async () => {
    const festival = { member: 'mark', fursuiter: 'paws', sponsor: 'star', sponsor_fursuiter: 'star-paws' }
    // An edition stored before the setting existed reads as the set it printed with.
    await sut.database.db.execute(sql`update editions set settings = settings - 'badgeArtwork'`)
    expect((await sut.request('GET', '/edition')).body).toMatchObject({ badge_artwork: festival })
    const read = await adminRead('2025')
    expect(read.edition.badge_artwork).toEqual(festival)

    const unknown = await save({ ...read.edition, badge_artwork: { member: 'dragon' } }, read.version)
    expect(unknown).toMatchObject({
      status: 400,
      body: {
        message: 'editionInvalid',
        issues: [{ path: ['badgeArtwork', 'member'], message: 'validation.badgeArtworkUnknown' }],
      },
    })
    const chosen = { ...read.edition, badge_artwork: { fursuiter: 'star', sponsor: 'star' } }
    for (const role of ['desk', 'door']) {
      const token = await sut.adminToken(randomUUID(), [role])
      expect(
        await sut.request('PUT', '/admin/editions/2025', { token, body: { edition: chosen, version: 1 } }),
      ).toMatchObject({ status: 403, body: { message: 'forbidden' } })
    }
    expect((await adminRead('2025')).edition.badge_artwork).toEqual(festival)

    expect(await save(chosen, read.version)).toMatchObject({
      status: 200,
      body: { version: 2, edition: { badge_artwork: { fursuiter: 'star', sponsor: 'star' } } },
    })
    const publicRead = (await sut.request('GET', '/edition')).body as PublicEditionWire
    expect(publicRead.badge_artwork).toEqual({ fursuiter: 'star', sponsor: 'star' })
    const history = await sut.request('GET', '/admin/editions/2025/changes', { token: admin.token })
    expect((history.body as { items: EditionChangeWire[] }).items.at(-1)).toMatchObject({
      action: 'updated',
      staff_user_id: admin.id,
      before: { badge_artwork: festival },
      after: { badge_artwork: { fursuiter: 'star', sponsor: 'star' } },
    })
  })

  it('keeps a past edition as it was: neither its badge artwork (its badges reprint as printed) nor its prices or capacities change', async () => {
    const prepared = await sut.request('POST', '/admin/editions/next', { token: admin.token })
    expect(prepared.status).toBe(201)
    const published = await sut.request('POST', '/admin/editions/2026/publish', {
      token: admin.token,
      body: { version: 1 },
    })
    expect(published.status).toBe(200)
    const past = await adminRead('2025')

    const changed = await save({ ...past.edition, badge_artwork: { member: 'star' } }, past.version)

    expect(changed).toMatchObject({ status: 409, body: { message: 'editionNotCurrent' } })
    // What its receipts and figures were made from stays too (decision 214).
    const member = past.edition.tiers.member
    for (const edition of [
      {
        ...past.edition,
        tiers: { ...past.edition.tiers, member: { ...member, price_jpy: member.price_jpy + 1000 } },
      },
      {
        ...past.edition,
        tiers: { ...past.edition.tiers, member: { ...member, capacity: member.capacity + 10 } },
      },
      // Even a save that changes nothing: a past edition takes no save at all.
      past.edition,
    ]) {
      expect(await save(edition, past.version)).toMatchObject({
        status: 409,
        body: { message: 'editionNotCurrent' },
      })
    }
    expect(await adminRead('2025')).toEqual(past)
    const history = await sut.request('GET', '/admin/editions/2025/changes', { token: admin.token })
    expect((history.body as { items: EditionChangeWire[] }).items.map(({ action }) => action)).not.toContain(
      'updated',
    )
    // The new edition starts with the set it was copied with, and takes a change.
    const next = await adminRead('2026')
    expect(next.edition.badge_artwork).toEqual(past.edition.badge_artwork)
    expect((await save({ ...next.edition, badge_artwork: {} }, next.version)).status).toBe(200)
    expect((await sut.request('GET', '/edition')).body).toMatchObject({ id: '2026', badge_artwork: {} })
  })
})
