import { describe, expect, it } from 'vitest'
import { ManualTime, START } from '../test/support/manual-time.ts'
import { createApp } from './app.ts'
import { Emulator } from './emulator.ts'

const KEY = 'sk_test_app_unit_key_abcdef'

function createSut() {
  const time = new ManualTime(START)
  const emulator = new Emulator({
    baseUrl: 'http://localhost:12111',
    secretKey: KEY,
    webhookSecret: 'whsec_unit',
    webhookUrl: null,
    clock: time,
    scheduler: time,
  })
  return createApp(emulator)
}

const createBody = new URLSearchParams({
  mode: 'payment',
  'line_items[0][price_data][currency]': 'jpy',
  'line_items[0][price_data][unit_amount]': '3000',
  'line_items[0][price_data][product_data][name]': 'Member',
  'line_items[0][quantity]': '1',
}).toString()

const post = (sut: ReturnType<typeof createSut>, headers: Record<string, string>, body = createBody) =>
  sut.request('/v1/checkout/sessions', {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...headers },
    body,
  })

describe('stripe emulator HTTP surface', () => {
  it('answers its health check', async () => {
    const response = await createSut().request('/health')
    expect(await response.json()).toEqual({ status: 'ok' })
  })

  it('answers an unknown API path in Stripe error shape', async () => {
    const response = await createSut().request('/v1/customers', { method: 'POST' })
    expect(response.status).toBe(404)
    expect(await response.json()).toMatchObject({ error: { type: 'invalid_request_error' } })
  })

  it('asks for an API key when none is sent', async () => {
    const response = await post(createSut(), {})

    expect(response.status).toBe(401)
    expect(await response.json()).toEqual({
      error: {
        type: 'invalid_request_error',
        message: expect.stringContaining('You did not provide an API key.'),
      },
    })
  })

  it('accepts the key as Bearer token or as Basic auth user, as Stripe does', async () => {
    const sut = createSut()

    const bearer = await post(sut, { Authorization: `Bearer ${KEY}` })
    const basic = await post(sut, { Authorization: `Basic ${Buffer.from(`${KEY}:`).toString('base64')}` })

    expect([bearer.status, basic.status]).toEqual([200, 200])
    expect(bearer.headers.get('request-id')).toMatch(/^req_/)
  })

  it('masks a wrong key in the 401 message', async () => {
    const response = await post(createSut(), { Authorization: 'Bearer sk_test_wrongwrongwrong1234' })

    expect(response.status).toBe(401)
    expect((await response.json()).error.message).toBe(
      'Invalid API Key provided: sk_test_***************1234',
    )
  })

  it('does not save a refused request under its idempotency key, so a corrected retry goes through', async () => {
    const sut = createSut()
    const headers = { Authorization: `Bearer ${KEY}`, 'Idempotency-Key': 'fix-and-retry' }

    const refused = await post(sut, headers, createBody.replace('mode=payment', 'mode=bogus'))
    const corrected = await post(sut, headers)
    const replayed = await post(sut, headers)

    expect(refused.status).toBe(400)
    expect(corrected.status).toBe(200)
    expect(replayed.headers.get('idempotent-replayed')).toBe('true')
    expect((await replayed.json()).id).toBe((await corrected.json()).id)
  })

  it('refuses an idempotency key reused on another endpoint', async () => {
    const sut = createSut()
    const headers = { Authorization: `Bearer ${KEY}`, 'Idempotency-Key': 'one-key' }
    const created = await (await post(sut, headers)).json()

    const response = await sut.request(`/v1/checkout/sessions/${created.id}/expire`, {
      method: 'POST',
      headers,
    })

    expect(response.status).toBe(400)
    expect((await response.json()).error).toMatchObject({
      type: 'idempotency_error',
      message: expect.stringContaining("('/v1/checkout/sessions' vs '/v1/checkout/sessions/"),
    })
  })

  it('decodes bracketed metadata and refuses unknown expansions', async () => {
    const sut = createSut()
    const auth = { Authorization: `Bearer ${KEY}` }

    const created = await (
      await post(sut, auth, `${createBody}&metadata[tier]=member&metadata[empty]=`)
    ).json()
    const expanded = await sut.request(`/v1/checkout/sessions/${created.id}?expand[0]=customer`, {
      headers: auth,
    })

    expect(created.metadata).toEqual({ tier: 'member' })
    expect(expanded.status).toBe(400)
    expect((await expanded.json()).error.message).toBe('This property cannot be expanded (customer).')
  })
})
