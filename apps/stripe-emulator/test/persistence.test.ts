import { mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { fileStore } from '../src/store.ts'
import { payWithTestCard, registrationCheckout, startEmulator, startReceiver } from './support/harness.ts'

describe('state kept in DATA_DIR/stripe', () => {
  let dir: string

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'stripe-emulator-'))
  })

  afterEach(() => {
    rmSync(dir, { recursive: true, force: true })
  })

  it('survives a restart: open sessions can still be retrieved and paid', async () => {
    const before = await startEmulator({ store: fileStore(dir) })
    const session = await before.stripe.checkout.sessions.create(registrationCheckout())
    await before.close()

    const after = await startEmulator({ store: fileStore(dir) })
    const retrieved = await after.stripe.checkout.sessions.retrieve(session.id)
    const payment = await payWithTestCard(after, session.id)

    expect(retrieved).toMatchObject({
      id: session.id,
      status: 'open',
      url: `${after.baseUrl}/c/pay/${session.id}`,
    })
    expect(payment.status).toBe(303)
    await after.close()
    expect(readdirSync(dir)).toEqual(['state.json'])
  })

  it('sends after a restart the deliveries that were still pending', async () => {
    const receiver = await startReceiver()
    receiver.failWith(500)
    const before = await startEmulator({ store: fileStore(dir), webhookUrl: receiver.url })
    const session = await before.stripe.checkout.sessions.create(registrationCheckout())
    await before.stripe.checkout.sessions.expire(session.id)
    await before.emulator.settled()
    await before.close()

    const after = await startEmulator({ store: fileStore(dir), webhookUrl: receiver.url })
    await after.emulator.settled()

    expect(receiver.received.map((request) => JSON.parse(request.body).id)).toEqual([
      after.emulator.deliveries()[0]?.event.id,
      after.emulator.deliveries()[0]?.event.id,
    ])
    expect(after.emulator.deliveries()[0]?.state).toBe('delivered')
    await after.close()
    await receiver.close()
  })

  it('starts empty when the folder holds nothing yet', async () => {
    expect(fileStore(join(dir, 'not-yet-created')).load()).toBeNull()
  })
})
