import { randomUUID } from 'node:crypto'
import type { RegistrationWire, WaitingListEntryWire } from '@furfes/core'
import { describe, expect, it } from 'vitest'
import { saveCurrentEdition } from './support/editions.ts'
import { databaseKinds, minutes, registrationRequest, useTestApi } from './support/harness.ts'
import { sessionIdOfPaymentUrl, usePaymentStack } from './support/payments.ts'

/*
 * The checkout hold and the waiting-list offer last as long as the current edition says (decision 155), as the
 * committee changes it, unless configured (tests and rehearsals shorten them). The Stripe Checkout Session ends
 * when the hold does.
 */

const hours = (count: number) => count * 60 * 60 * 1000

describe.each(databaseKinds)("the edition's checkout hold through the Stripe emulator on %s", (kind) => {
  const stack = usePaymentStack(kind)

  async function holdOf(token: string) {
    const created = await stack.sut.request('POST', '/registration', { token, body: registrationRequest() })
    expect(created.status).toBe(201)
    const sessionId = sessionIdOfPaymentUrl((created.body as { payment_url: string }).payment_url)
    const read = await stack.sut.request('GET', '/registration', { token })
    const session = await stack.stripe.checkout.sessions.retrieve(sessionId)
    return { registration: read.body as RegistrationWire, sessionExpiresAt: session.expires_at * 1000 }
  }

  it('holds a new checkout, and its session, for the minutes the edition says as the committee changes them', async () => {
    const { sut, time } = stack
    await saveCurrentEdition(sut, (edition) => ({ ...edition, checkout_minutes: 45 }))
    const first = await sut.memberToken()
    const startedAt = time.now()
    const held = await holdOf(first)
    const expiresAt = startedAt + minutes(45)
    expect(held.registration).toMatchObject({
      payment_status: 'pending',
      expires_at: new Date(expiresAt).toISOString(),
    })
    expect(held.sessionExpiresAt).toBe(expiresAt)

    // The committee lengthens it: the next checkout holds for an hour, the one already open keeps its 45 minutes.
    await saveCurrentEdition(sut, (edition) => ({ ...edition, checkout_minutes: 60 }))
    const second = await sut.memberToken()
    const later = await holdOf(second)
    expect(later.registration).toMatchObject({ expires_at: new Date(startedAt + hours(1)).toISOString() })
    expect(later.sessionExpiresAt).toBe(startedAt + hours(1))

    time.advance(minutes(45))
    const statuses = await Promise.all(
      [first, second].map(
        async (token) =>
          ((await sut.request('GET', '/registration', { token })).body as RegistrationWire).payment_status,
      ),
    )
    expect(statuses).toEqual(['expired', 'pending'])
  })

  it("holds for Stripe's shortest session when the edition asks for 30 minutes, so both end together", async () => {
    const { sut, time } = stack
    await saveCurrentEdition(sut, (edition) => ({ ...edition, checkout_minutes: 30 }))
    const startedAt = time.now()
    const held = await holdOf(await sut.memberToken())
    // Stripe checks its 30 minutes to the second on its own clock: the gateway asks for one more (decision 031).
    expect(held.registration).toMatchObject({ expires_at: new Date(startedAt + minutes(31)).toISOString() })
    expect(held.sessionExpiresAt).toBe(startedAt + minutes(31))
  })
})

describe.each(databaseKinds)("the edition's waiting-list offer on %s", (kind) => {
  // Neither duration configured, as in production: the edition's apply.
  const sut = useTestApi(kind, {
    capacities: { member: 1 },
    overrides: { checkoutSessionMs: undefined, waitingListOfferMs: undefined },
  })
  const joinBody = () => {
    const { success_url: _, cancel_url: __, ...fields } = registrationRequest()
    return fields
  }

  async function offerTo(waiter: string) {
    const holder = await sut.memberToken()
    expect(
      (await sut.request('POST', '/registration', { token: holder, body: registrationRequest() })).status,
    ).toBe(201)
    expect((await sut.request('POST', '/waiting-list', { token: waiter, body: joinBody() })).status).toBe(201)
    expect((await sut.request('DELETE', '/registration', { token: holder })).status).toBe(200)
    return (await sut.request('GET', '/waiting-list', { token: waiter })).body as WaitingListEntryWire
  }

  it('holds an offer for the hours the edition says, and ends it then', async () => {
    await saveCurrentEdition(sut, (edition) => ({ ...edition, offer_hours: 3 }))
    const waiter = randomUUID()
    const offeredAt = sut.clock()

    expect(await offerTo(await sut.memberToken(waiter))).toMatchObject({
      status: 'offered',
      offer_expires_at: new Date(offeredAt + hours(3)).toISOString(),
    })

    const statusOf = async () =>
      (
        (await sut.request('GET', '/waiting-list', { token: await sut.memberToken(waiter) }))
          .body as WaitingListEntryWire
      ).status
    sut.clock.set(offeredAt + hours(3) - 1000)
    expect(await statusOf()).toBe('offered')
    sut.clock.set(offeredAt + hours(3))
    expect(await statusOf()).toBe('expired')
  })

  it("holds a new checkout for the edition's minutes when none is configured", async () => {
    await saveCurrentEdition(sut, (edition) => ({ ...edition, checkout_minutes: 90 }))
    const token = await sut.memberToken()
    const startedAt = sut.clock()
    expect((await sut.request('POST', '/registration', { token, body: registrationRequest() })).status).toBe(
      201,
    )
    expect((await sut.request('GET', '/registration', { token })).body).toMatchObject({
      expires_at: new Date(startedAt + minutes(90)).toISOString(),
    })
  })
})
