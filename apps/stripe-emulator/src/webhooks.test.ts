import { createHmac } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { ManualTime, START } from '../test/support/manual-time.ts'
import { type StripeEvent, signatureHeader, WebhookDispatcher } from './webhooks.ts'

const event = (id: string, type: string): StripeEvent => ({
  id,
  object: 'event',
  api_version: 'test',
  created: 0,
  data: { object: {} },
  livemode: false,
  pending_webhooks: 1,
  request: { id: null, idempotency_key: null },
  type,
})

describe('signatureHeader', () => {
  it('is t=<timestamp>,v1=<HMAC-SHA256 of "t.payload">', () => {
    const expected = createHmac('sha256', 'whsec_x').update('1700000000.{"a":1}').digest('hex')

    expect(signatureHeader('{"a":1}', 'whsec_x', 1700000000)).toBe(`t=1700000000,v1=${expected}`)
  })
})

describe('WebhookDispatcher', () => {
  function createSut(answers: Record<string, number[]>) {
    const time = new ManualTime(START)
    const sent: string[] = []
    const sut = new WebhookDispatcher({
      url: 'http://receiver.invalid/hook',
      secret: 'whsec_x',
      clock: time,
      scheduler: time,
      retryDelaysMs: [1_000, 2_000],
      post: async (_, body) => {
        const { id } = JSON.parse(body) as { id: string }
        sent.push(id)
        return { status: answers[id]?.shift() ?? 200 }
      },
    })
    return { sut, time, sent }
  }

  it('holds a session’s later event until the earlier one is delivered', async () => {
    const { sut, time, sent } = createSut({ evt_first: [500] })

    sut.enqueue(event('evt_first', 'checkout.session.completed'), 'cs_a')
    sut.enqueue(event('evt_second', 'charge.refunded'), 'cs_a')
    sut.enqueue(event('evt_other', 'checkout.session.expired'), 'cs_b')
    await sut.settled()

    expect(sent).toEqual(['evt_first', 'evt_other'])

    time.advance(1_000)
    await sut.settled()

    expect(sent).toEqual(['evt_first', 'evt_other', 'evt_first', 'evt_second'])
    expect(sut.deliveries().map((delivery) => delivery.state)).toEqual([
      'delivered',
      'delivered',
      'delivered',
    ])
  })

  it('moves on to the next event once one has failed every retry', async () => {
    const { sut, time, sent } = createSut({ evt_first: [500, 500, 500] })

    sut.enqueue(event('evt_first', 'checkout.session.completed'), 'cs_a')
    sut.enqueue(event('evt_second', 'charge.refunded'), 'cs_a')
    for (const delay of [0, 1_000, 2_000]) {
      time.advance(delay)
      await sut.settled()
    }

    expect(sent).toEqual(['evt_first', 'evt_first', 'evt_first', 'evt_second'])
    expect(sut.deliveries().map((delivery) => delivery.state)).toEqual(['failed', 'delivered'])
  })

  it('cancels scheduled retries when stopped', async () => {
    const { sut, time, sent } = createSut({ evt_first: [500] })
    sut.enqueue(event('evt_first', 'checkout.session.completed'), 'cs_a')
    await sut.settled()

    sut.stop()
    time.advance(10_000)
    await sut.settled()

    expect(sent).toEqual(['evt_first'])
    expect(time.pendingTimers).toBe(0)
  })
})
