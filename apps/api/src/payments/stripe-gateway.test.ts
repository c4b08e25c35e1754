import { describe, expect, it } from 'vitest'
import { stripeHostConfig } from './stripe-gateway.ts'

describe('stripeHostConfig', () => {
  it('points the SDK at the emulator from STRIPE_API_URL', () => {
    expect(stripeHostConfig('http://localhost:12111')).toEqual({
      host: 'localhost',
      port: 12111,
      protocol: 'http',
    })
    expect(stripeHostConfig('https://stripe.internal.example')).toEqual({
      host: 'stripe.internal.example',
      port: 443,
      protocol: 'https',
    })
  })

  it("leaves the SDK's own default (https://api.stripe.com) when STRIPE_API_URL is unset", () => {
    expect(stripeHostConfig(undefined)).toEqual({})
  })
})
