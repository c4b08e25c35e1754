import { describe, expect, it } from 'vitest'
import { createApp } from './app.ts'

describe('stripe emulator', () => {
  const sut = createApp()

  it('answers its health check', async () => {
    const response = await sut.request('/health')
    expect(await response.json()).toEqual({ status: 'ok' })
  })

  it('answers an unknown API path in Stripe error shape', async () => {
    const response = await sut.request('/v1/customers', { method: 'POST' })
    expect(response.status).toBe(404)
    expect(await response.json()).toMatchObject({ error: { type: 'invalid_request_error' } })
  })
})
