import Stripe from 'stripe'
import { describe, expect, it } from 'vitest'
import { API_VERSION } from '../src/emulator.ts'
import {
  payWithTestCard,
  registrationCheckout,
  SECRET_KEY,
  stripeClient,
  useEmulator,
} from './support/harness.ts'
import { START } from './support/manual-time.ts'

const startSeconds = Math.floor(START / 1000)

describe('Checkout Sessions through the real stripe SDK', () => {
  const sut = useEmulator()

  it('creates an open, unpaid session with a hosted page url on the emulator', async () => {
    const session = await sut.stripe.checkout.sessions.create(registrationCheckout())

    expect(session).toMatchObject({
      object: 'checkout.session',
      mode: 'payment',
      currency: 'jpy',
      amount_subtotal: 3000,
      amount_total: 3000,
      customer_email: 'fox@example.com',
      client_reference_id: 'registration-1',
      metadata: { registration_id: 'registration-1', tier: 'member' },
      payment_status: 'unpaid',
      status: 'open',
      payment_intent: null,
      livemode: false,
      created: startSeconds,
      expires_at: startSeconds + 30 * 60,
      success_url: 'http://localhost:5173/registration/success?session_id={CHECKOUT_SESSION_ID}',
      cancel_url: 'http://localhost:5173/registration/cancel',
      payment_method_types: ['card'],
    })
    expect(session.id).toMatch(/^cs_test_[A-Za-z0-9]+$/)
    expect(session.url).toBe(`${sut.baseUrl}/c/pay/${session.id}`)
  })

  it('multiplies unit amounts by quantities', async () => {
    const session = await sut.stripe.checkout.sessions.create(
      registrationCheckout({
        line_items: [
          {
            price_data: { currency: 'jpy', unit_amount: 10000, product_data: { name: 'Sponsor' } },
            quantity: 1,
          },
          {
            price_data: { currency: 'jpy', unit_amount: 500, product_data: { name: 'Tasting' } },
            quantity: 2,
          },
        ],
      }),
    )
    expect([session.amount_subtotal, session.amount_total]).toEqual([11000, 11000])
  })

  it('takes allowed_payment_method_types card, as the pinned API version names it', async () => {
    const session = await sut.stripe.checkout.sessions.create(
      registrationCheckout({ allowed_payment_method_types: ['card'] }),
    )
    expect(session).toMatchObject({ allowed_payment_method_types: ['card'], payment_method_types: ['card'] })
  })

  it('takes payment_method_types only from callers on an API version that still has it', async () => {
    const legacy = new Stripe(SECRET_KEY, {
      host: '127.0.0.1',
      port: Number(new URL(sut.baseUrl).port),
      protocol: 'http',
      apiVersion: '2025-03-31.basil' as typeof Stripe.API_VERSION,
    })
    const params = { ...registrationCheckout(), payment_method_types: ['card'] }

    const accepted = await legacy.checkout.sessions.create(params)
    const refused = sut.stripe.checkout.sessions.create(params)

    expect(accepted.payment_method_types).toEqual(['card'])
    await expect(refused).rejects.toMatchObject({
      statusCode: 400,
      param: 'payment_method_types',
      message: expect.stringContaining('takes allowed_payment_method_types instead'),
    })
  })

  it('says clearly that payment methods other than card are not emulated', async () => {
    const attempt = sut.stripe.checkout.sessions.create(
      registrationCheckout({ allowed_payment_method_types: ['card', 'konbini'] }),
    )

    await expect(attempt).rejects.toMatchObject({
      statusCode: 400,
      param: 'allowed_payment_method_types[1]',
      message: expect.stringContaining('does not implement the payment method konbini'),
    })
  })

  it('defaults expires_at to 24 hours after creation', async () => {
    const session = await sut.stripe.checkout.sessions.create(registrationCheckout({ expires_at: undefined }))
    expect(session.expires_at).toBe(startSeconds + 24 * 60 * 60)
  })

  it('retrieves a session, with its line items when expanded', async () => {
    const created = await sut.stripe.checkout.sessions.create(registrationCheckout())

    const retrieved = await sut.stripe.checkout.sessions.retrieve(created.id, { expand: ['line_items'] })

    expect(retrieved.id).toBe(created.id)
    expect(retrieved.status).toBe('open')
    expect(retrieved.line_items?.data).toEqual([
      expect.objectContaining({
        object: 'item',
        description: 'FurFes 2026 member registration',
        quantity: 1,
        amount_total: 3000,
        currency: 'jpy',
        price: expect.objectContaining({
          object: 'price',
          unit_amount: 3000,
          currency: 'jpy',
          type: 'one_time',
        }),
      }),
    ])
    const listed = await sut.stripe.checkout.sessions.listLineItems(created.id)
    expect(listed.data.map((item) => item.description)).toEqual(['FurFes 2026 member registration'])
  })

  it('expires an open session: status expired, no url, still unpaid', async () => {
    const created = await sut.stripe.checkout.sessions.create(registrationCheckout())

    const expired = await sut.stripe.checkout.sessions.expire(created.id)

    expect(expired).toMatchObject({ id: created.id, status: 'expired', payment_status: 'unpaid', url: null })
    expect((await sut.stripe.checkout.sessions.retrieve(created.id)).status).toBe('expired')
  })

  it('replays the first response for a repeated idempotency key instead of creating a second session', async () => {
    const first = await sut.stripe.checkout.sessions.create(registrationCheckout(), {
      idempotencyKey: 'reg-1-try',
    })
    const again = await sut.stripe.checkout.sessions.create(registrationCheckout(), {
      idempotencyKey: 'reg-1-try',
    })

    expect(again.id).toBe(first.id)
    expect(again.lastResponse.headers['idempotent-replayed']).toBe('true')
  })

  it('refuses a reused idempotency key with other parameters', async () => {
    await sut.stripe.checkout.sessions.create(registrationCheckout(), { idempotencyKey: 'reg-2-try' })

    const reuse = sut.stripe.checkout.sessions.create(
      registrationCheckout({ client_reference_id: 'other' }),
      {
        idempotencyKey: 'reg-2-try',
      },
    )

    await expect(reuse).rejects.toBeInstanceOf(Stripe.errors.StripeIdempotencyError)
    await expect(reuse).rejects.toMatchObject({
      type: 'StripeIdempotencyError',
      message: expect.stringContaining('can only be used with the same parameters'),
    })
  })

  it('pins the same API version as the SDK, so events match what the SDK expects', () => {
    expect(API_VERSION).toBe(Stripe.API_VERSION)
  })

  describe('errors, in Stripe shape and as the SDK classifies them', () => {
    it('refuses a wrong secret key with 401 naming the masked key', async () => {
      const wrong = stripeClient(Number(new URL(sut.baseUrl).port), 'sk_test_not_the_configured_key_9876')

      const attempt = wrong.checkout.sessions.create(registrationCheckout())

      await expect(attempt).rejects.toBeInstanceOf(Stripe.errors.StripeAuthenticationError)
      await expect(attempt).rejects.toMatchObject({
        statusCode: 401,
        type: 'StripeAuthenticationError',
        rawType: 'invalid_request_error',
        message: expect.stringMatching(/^Invalid API Key provided: sk_test_\*+9876$/),
      })
    })

    it.each([
      ['less than 30 minutes', startSeconds + 30 * 60 - 1, 'at least 30 minutes'],
      ['more than 24 hours', startSeconds + 24 * 60 * 60 + 1, 'less than 24 hours'],
      ['in the past', startSeconds - 60, 'at least 30 minutes'],
    ])('refuses expires_at %s from now with param expires_at', async (_, expiresAt, message) => {
      const attempt = sut.stripe.checkout.sessions.create(registrationCheckout({ expires_at: expiresAt }))

      await expect(attempt).rejects.toBeInstanceOf(Stripe.errors.StripeInvalidRequestError)
      await expect(attempt).rejects.toMatchObject({
        statusCode: 400,
        rawType: 'invalid_request_error',
        param: 'expires_at',
        message: expect.stringContaining(message),
      })
    })

    it('accepts expires_at exactly 30 minutes and exactly 24 hours ahead', async () => {
      const earliest = await sut.stripe.checkout.sessions.create(
        registrationCheckout({ expires_at: startSeconds + 30 * 60 }),
      )
      const latest = await sut.stripe.checkout.sessions.create(
        registrationCheckout({ expires_at: startSeconds + 24 * 60 * 60 }),
      )
      expect([earliest.status, latest.status]).toEqual(['open', 'open'])
    })

    it('answers an unknown session id with 404 resource_missing, param id', async () => {
      const attempt = sut.stripe.checkout.sessions.retrieve('cs_test_does_not_exist')

      await expect(attempt).rejects.toBeInstanceOf(Stripe.errors.StripeInvalidRequestError)
      await expect(attempt).rejects.toMatchObject({
        statusCode: 404,
        code: 'resource_missing',
        param: 'id',
        message: "No such checkout.session: 'cs_test_does_not_exist'",
      })
      await expect(sut.stripe.checkout.sessions.expire('cs_test_does_not_exist')).rejects.toMatchObject({
        statusCode: 404,
        code: 'resource_missing',
      })
    })

    it('refuses to expire a completed session with Stripe’s message', async () => {
      const session = await sut.stripe.checkout.sessions.create(registrationCheckout())
      const paid = await payWithTestCard(sut, session.id)
      expect(paid.status).toBe(303)

      const attempt = sut.stripe.checkout.sessions.expire(session.id)

      await expect(attempt).rejects.toBeInstanceOf(Stripe.errors.StripeInvalidRequestError)
      await expect(attempt).rejects.toMatchObject({
        statusCode: 400,
        message:
          'Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of `complete`.',
      })
      expect((await sut.stripe.checkout.sessions.retrieve(session.id)).status).toBe('complete')
    })

    it('refuses to expire a session twice', async () => {
      const session = await sut.stripe.checkout.sessions.create(registrationCheckout())
      await sut.stripe.checkout.sessions.expire(session.id)

      await expect(sut.stripe.checkout.sessions.expire(session.id)).rejects.toMatchObject({
        statusCode: 400,
        message: expect.stringContaining('This Checkout Session has a status of `expired`.'),
      })
    })

    it.each<[string, Partial<Stripe.Checkout.SessionCreateParams>, string, string]>([
      ['a missing mode', { mode: undefined }, 'mode', 'Missing required param: mode.'],
      ['no line items', { line_items: [] }, 'line_items', 'Missing required param: line_items.'],
      [
        'a line item without a name',
        { line_items: [{ price_data: { currency: 'jpy', unit_amount: 3000 } as never, quantity: 1 }] },
        'line_items[0][price_data][product_data]',
        'Missing required param: line_items[0][price_data][product_data].',
      ],
      [
        'a line item without a quantity',
        { line_items: [{ price_data: { currency: 'jpy', unit_amount: 3000, product_data: { name: 'x' } } }] },
        'line_items[0][quantity]',
        'Missing required param: line_items[0][quantity].',
      ],
      [
        'a non-integer amount',
        {
          line_items: [
            {
              price_data: { currency: 'jpy', unit_amount: 3000.5, product_data: { name: 'x' } },
              quantity: 1,
            },
          ],
        },
        'line_items[0][price_data][unit_amount]',
        'Invalid integer: 3000.5',
      ],
      [
        'a malformed e-mail',
        { customer_email: 'not-an-email' },
        'customer_email',
        'Invalid email address: not-an-email',
      ],
      ['a relative success_url', { success_url: '/done' }, 'success_url', 'Not a valid URL'],
      [
        'an unknown parameter',
        { allow_promotion_codes: true },
        'allow_promotion_codes',
        'Received unknown parameter: allow_promotion_codes',
      ],
      [
        'a price id',
        { line_items: [{ price: 'price_123', quantity: 1 }] },
        'line_items[0][price]',
        "No such price: 'price_123'",
      ],
    ])('refuses %s with param %s', async (_, overrides, param, message) => {
      const attempt = sut.stripe.checkout.sessions.create(registrationCheckout(overrides))

      await expect(attempt).rejects.toBeInstanceOf(Stripe.errors.StripeInvalidRequestError)
      await expect(attempt).rejects.toMatchObject({ statusCode: 400, param, message })
    })

    it('says clearly when asked for a mode the emulator does not implement', async () => {
      const attempt = sut.stripe.checkout.sessions.create(registrationCheckout({ mode: 'subscription' }))

      await expect(attempt).rejects.toMatchObject({
        statusCode: 400,
        param: 'mode',
        message: expect.stringContaining('The Stripe emulator does not implement mode=subscription'),
      })
    })

    it('answers an endpoint it does not emulate with 404 in Stripe shape', async () => {
      const attempt = sut.stripe.customers.create({ email: 'fox@example.com' })

      await expect(attempt).rejects.toBeInstanceOf(Stripe.errors.StripeInvalidRequestError)
      await expect(attempt).rejects.toMatchObject({
        statusCode: 404,
        message: expect.stringContaining('Unrecognized request URL (POST: /v1/customers)'),
      })
    })
  })
})
