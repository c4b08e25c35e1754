import { randomUUID } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { deviceRecord } from './support/check-ins.ts'
import { databaseKinds, minutes, registeredMember, type TestApi, useTestApi } from './support/harness.ts'

/*
 * The staff audit trail (docs/decisions/157-staff-audit-trail.md): each recorded staff action leaves exactly one
 * entry naming who did it, and the committee reads them newest first, filtered and in pages.
 */

interface AuditPageWire {
  items: Array<Record<string, unknown> & { id: number; action: string; actor_id: string }>
  next_cursor?: string
}

async function audit(sut: TestApi, token: string, query = ''): Promise<AuditPageWire> {
  const page = await sut.request('GET', `/admin/audit${query}`, { token })
  expect(page.status).toBe(200)
  return page.body as AuditPageWire
}

const features = {
  is_new_club_activity_establishment_available: false,
  is_registration_available: false,
  is_under_maintenance: true,
}

describe.each(databaseKinds)('the audit trail on %s', (kind) => {
  const sut = useTestApi(kind)

  it('records a staff refund once, with the amounts and the reason', async () => {
    const committee = randomUUID()
    const token = await sut.adminToken(committee, ['committee'])
    const { registrationId } = await registeredMember(sut)
    const refund = await sut.request('POST', `/admin/registrations/${registrationId}/refund`, {
      token,
      body: { idempotency_key: randomUUID(), amount_jpy: 3000, reason: 'Goodwill' },
    })
    expect(refund.status).toBe(200)

    expect((await audit(sut, token)).items).toEqual([
      expect.objectContaining({
        action: 'refund',
        actor_id: committee,
        subject: registrationId,
        details: { amountJpy: 3000, policyAmountJpy: 2700, reason: 'Goodwill' },
      }),
    ])
  })

  it('records a change of the feature flags with before and after, and the caller e-mail address', async () => {
    const committee = randomUUID()
    sut.identity.setEmail(committee, 'chair@example.com')
    const token = await sut.adminToken(committee, ['committee'])
    expect((await sut.request('PUT', '/admin/features', { token, body: features })).status).toBe(200)

    const [entry] = (await audit(sut, token)).items
    expect(entry).toMatchObject({
      action: 'featureFlagsChanged',
      actor_id: committee,
      actor_email: 'chair@example.com',
      subject: 'feature_flags',
      details: {
        before: { isUnderMaintenance: false },
        after: { isUnderMaintenance: true, isRegistrationAvailable: false },
      },
    })
  })

  it('records the start of the event-cancellation run once, not each of its refunds', async () => {
    const token = await sut.adminToken(randomUUID(), ['committee'])
    await registeredMember(sut)
    const started = await sut.request('POST', '/admin/event-cancellation', {
      token,
      body: { expenses_per_person_jpy: 500 },
    })
    expect(started.status).toBe(202)
    await sut.api.eventCancellation.idle()

    expect((await audit(sut, token)).items.map((entry) => [entry.action, entry.details])).toEqual([
      [
        'eventCancellationStarted',
        { editionId: '2025', expensesPerPersonJpy: 500, paidRegistrations: 1, refundTotalJpy: 2500 },
      ],
    ])
  })

  it('records an accepted check-in undo, and not the check-in nor a refused undo', async () => {
    const desk = randomUUID()
    const token = await sut.adminToken(desk, ['desk'])
    const { registrationId } = await registeredMember(sut)
    const device = { id: 'device-A', name: 'A' }
    const checkIn = deviceRecord(device, registrationId, sut.clock())
    const undo = deviceRecord(device, registrationId, sut.clock() + minutes(1), {
      kind: 'undo',
      undoes: checkIn.id,
    })
    const again = deviceRecord(device, registrationId, sut.clock() + minutes(2), {
      kind: 'undo',
      undoes: checkIn.id,
    })
    const upload = await sut.request('POST', '/admin/check-ins', {
      token,
      body: { items: [checkIn, undo, again] },
    })
    expect(upload.body).toMatchObject({
      results: [{ status: 'accepted' }, { status: 'accepted' }, { status: 'rejected' }],
    })

    const committee = await sut.adminToken(randomUUID(), ['committee'])
    expect((await audit(sut, committee)).items).toEqual([
      expect.objectContaining({
        action: 'checkInUndone',
        actor_id: desk,
        subject: registrationId,
        details: { undoes: checkIn.id, checkInId: undo.id, deviceId: 'device-A', deviceName: 'A' },
      }),
    ])
  })

  it('records a CSV download the reception reports', async () => {
    const token = await sut.adminToken(randomUUID(), ['committee'])
    const reported = await sut.request('POST', '/admin/audit/exports', {
      token,
      body: { list: 'participants', rows: 12 },
    })
    expect(reported.status).toBe(204)
    expect((await audit(sut, token)).items).toEqual([
      expect.objectContaining({ action: 'csvExported', subject: 'participants', details: { rows: 12 } }),
    ])
    expect(
      await sut.request('POST', '/admin/audit/exports', { token, body: { list: 'everything', rows: -1 } }),
    ).toMatchObject({ status: 400, body: { message: 'invalidRequest' } })
  })

  it('pages newest first and filters by action, actor and time', async () => {
    const first = randomUUID()
    const second = randomUUID()
    const firstToken = await sut.adminToken(first, ['committee'])
    const secondToken = await sut.adminToken(second, ['committee'])
    const start = sut.clock()
    // 55 downloads a minute apart, every fifth by the second member; one flag change at the end.
    for (let row = 0; row < 55; row++) {
      const token = row % 5 === 4 ? secondToken : firstToken
      const body = { list: 'participants', rows: row }
      expect((await sut.request('POST', '/admin/audit/exports', { token, body })).status).toBe(204)
      sut.clock.advance(minutes(1))
    }
    expect((await sut.request('PUT', '/admin/features', { token: firstToken, body: features })).status).toBe(
      200,
    )

    const page1 = await audit(sut, firstToken)
    expect(page1.items).toHaveLength(50)
    expect(page1.items[0]?.action).toBe('featureFlagsChanged')
    expect(page1.items[1]?.details).toEqual({ rows: 54 })
    expect(page1.next_cursor).toBeDefined()
    const page2 = await audit(sut, firstToken, `?cursor=${page1.next_cursor}`)
    expect(page2.items.map((entry) => entry.details)).toEqual(
      [0, 1, 2, 3, 4, 5].reverse().map((rows) => ({ rows })),
    )
    expect(page2.next_cursor).toBeUndefined()

    const bySecond = await audit(sut, firstToken, `?actor=${second}`)
    expect(bySecond.items.map((entry) => entry.details)).toEqual(
      [54, 49, 44, 39, 34, 29, 24, 19, 14, 9, 4].map((rows) => ({ rows })),
    )
    const flags = await audit(sut, firstToken, '?action=featureFlagsChanged')
    expect(flags.items.map((entry) => entry.actor_id)).toEqual([first])

    const from = new Date(start + minutes(10)).toISOString()
    const to = new Date(start + minutes(13)).toISOString()
    const window = await audit(sut, firstToken, `?from=${from}&to=${to}&action=csvExported`)
    expect(window.items.map((entry) => entry.details)).toEqual([12, 11, 10].map((rows) => ({ rows })))

    expect(await sut.request('GET', '/admin/audit?action=everything', { token: firstToken })).toMatchObject({
      status: 400,
      body: { message: 'invalidRequest' },
    })
  })
})
