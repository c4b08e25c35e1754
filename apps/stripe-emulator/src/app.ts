import { randomBytes } from 'node:crypto'
import { type Context, Hono, type MiddlewareHandler } from 'hono'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import { API_VERSION, type Emulator, type RequestInfo } from './emulator.ts'
import { errorResponseBody, invalidParam, notEmulated, StripeApiError } from './errors.ts'
import { type Params, parseStripeForm } from './form.ts'
import { IdempotencyCache } from './idempotency.ts'
import { newId } from './ids.ts'
import { messages, pickLanguage } from './messages.ts'
import { type FormValues, renderCheckout, renderClosed, renderNotFound } from './page.ts'
import { optionalInteger, optionalString, readCreateParams, readExpand, rejectUnknown } from './params.ts'
import { readCreateRefundParams, refundObject } from './refunds.ts'
import { lineItemList, successUrlFor } from './session.ts'

type Env = { Variables: { requestId: string; apiKey: string; saveForIdempotency: boolean } }

const noKeyMessage =
  "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY'). See https://stripe.com/docs/api#authentication for details, or we can help at https://support.stripe.com/."

/** The SDK sends `Authorization: Bearer <key>`; Stripe also takes the key as the Basic auth user name. */
function presentedKey(header: string | undefined): string | null {
  const [scheme = '', value = ''] = (header ?? '').trim().split(/\s+/, 2)
  if (scheme.toLowerCase() === 'bearer') return value || null
  if (scheme.toLowerCase() === 'basic') {
    const user = Buffer.from(value, 'base64').toString('utf8').split(':')[0]
    return user || null
  }
  return null
}

/** As Stripe prints a wrong key: its prefix, asterisks, and the last four characters. */
function maskKey(key: string): string {
  const prefix = /^(sk|rk|pk)_(test|live)_/.exec(key)?.[0] ?? ''
  const rest = key.slice(prefix.length)
  const visible = rest.length > 8 ? rest.slice(-4) : ''
  return `${prefix}${'*'.repeat(rest.length - visible.length)}${visible}`
}

const pageHeaders = (nonce: string | null): Record<string, string> => ({
  'Cache-Control': 'no-store',
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'same-origin',
  // The page loads nothing from anywhere: inline styles, and one inline script only with this response's nonce.
  'Content-Security-Policy': `default-src 'none'; style-src 'unsafe-inline'; script-src ${
    nonce ? `'nonce-${nonce}'` : "'none'"
  }; base-uri 'none'; frame-ancestors 'none'`,
})

const queryParams = (c: Context): Params => parseStripeForm(new URL(c.req.url).searchParams)

async function readJson(c: Context): Promise<Record<string, unknown>> {
  const text = await c.req.text()
  if (text.trim() === '') return {}
  try {
    const value: unknown = JSON.parse(text)
    if (value !== null && typeof value === 'object' && !Array.isArray(value))
      return value as Record<string, unknown>
  } catch {
    // Answered below like any other body that is not a JSON object.
  }
  throw invalidParam(null, 'Send a JSON object.')
}

export function createApp(emulator: Emulator): Hono<Env> {
  const app = new Hono<Env>()
  const idempotency = new IdempotencyCache(() => emulator.now())

  app.onError((error, c) => {
    if (error instanceof StripeApiError) {
      if (!error.saveForIdempotency) c.set('saveForIdempotency', false)
      if (error.status === 401) c.header('WWW-Authenticate', 'Bearer realm="Stripe"')
      return c.json(errorResponseBody(error), error.status as ContentfulStatusCode)
    }
    console.error(error)
    return c.json(
      { error: { type: 'api_error', message: 'An unexpected error occurred in the Stripe emulator.' } },
      500,
    )
  })

  app.get('/health', (c) => c.json({ status: 'ok' }))

  // --- The API, as the stripe SDK calls it -------------------------------------------------------------

  const stripeHeaders: MiddlewareHandler<Env> = async (c, next) => {
    const requestId = newId('req', 14)
    c.set('requestId', requestId)
    c.header('Request-Id', requestId)
    c.header('Stripe-Version', c.req.header('stripe-version') ?? API_VERSION)
    await next()
  }

  const authenticate: MiddlewareHandler<Env> = async (c, next) => {
    const key = presentedKey(c.req.header('authorization'))
    if (key === null) throw new StripeApiError(401, { type: 'invalid_request_error', message: noKeyMessage })
    if (key !== emulator.secretKey) {
      throw new StripeApiError(401, {
        type: 'invalid_request_error',
        message: `Invalid API Key provided: ${maskKey(key)}`,
      })
    }
    c.set('apiKey', key)
    await next()
  }

  const idempotent: MiddlewareHandler<Env> = async (c, next) => {
    const key = c.req.header('idempotency-key')
    if (c.req.method !== 'POST' || !key) return next()
    const body = await c.req.text()
    const apiKey = c.get('apiKey')
    const found = idempotency.lookup(apiKey, key, c.req.path, body)
    if (found.kind === 'conflict') throw found.error
    c.header('Idempotency-Key', key)
    if (found.kind === 'replay') {
      c.header('Idempotent-Replayed', 'true')
      c.header('Content-Type', 'application/json')
      return c.body(found.response, found.status as ContentfulStatusCode)
    }
    if (!idempotency.begin(apiKey, key)) {
      throw new StripeApiError(409, {
        type: 'idempotency_error',
        message: `There is currently another in-progress request using this Idempotent Key (that probably means you submitted twice, and the other request is still going through): ${key}. Please try again later.`,
      })
    }
    try {
      await next()
      if (c.get('saveForIdempotency') === false || c.res.status >= 500) return
      idempotency.save(apiKey, key, {
        path: c.req.path,
        body,
        status: c.res.status,
        response: await c.res.clone().text(),
      })
    } finally {
      idempotency.end(apiKey, key)
    }
  }

  const api = [stripeHeaders, authenticate, idempotent] as const

  const requestInfo = (c: Context<Env>): RequestInfo => ({
    id: c.get('requestId'),
    idempotencyKey: c.req.header('idempotency-key') ?? null,
  })

  app.post('/v1/checkout/sessions', ...api, async (c) => {
    const apiVersion = c.req.header('stripe-version') ?? API_VERSION
    const input = readCreateParams(parseStripeForm(await c.req.text()), emulator.nowSeconds(), apiVersion)
    const session = emulator.createSession(input)
    return c.json(emulator.sessionObject(session, input.expand))
  })

  app.get('/v1/checkout/sessions/:id', ...api, (c) => {
    const params = queryParams(c)
    rejectUnknown(params, ['expand'])
    const expand = readExpand(params.expand, ['line_items', 'payment_intent', 'payment_intent.latest_charge'])
    return c.json(emulator.sessionObject(emulator.getSession(c.req.param('id')), expand))
  })

  app.post('/v1/checkout/sessions/:id/expire', ...api, async (c) => {
    const params = parseStripeForm(await c.req.text())
    rejectUnknown(params, ['expand'])
    const expand = readExpand(params.expand, ['line_items'])
    const session = emulator.expireSession(c.req.param('id'), requestInfo(c))
    return c.json(emulator.sessionObject(session, expand))
  })

  app.get('/v1/checkout/sessions/:id/line_items', ...api, (c) => {
    const params = queryParams(c)
    rejectUnknown(params, ['limit', 'starting_after', 'expand'])
    readExpand(params.expand, [])
    const limit = optionalInteger(params.limit, 'limit', 1) ?? 10
    const startingAfter = optionalString(params.starting_after, 'starting_after')
    const list = lineItemList(emulator.getSession(c.req.param('id')))
    const all = list.data as { id: string }[]
    const start = startingAfter === undefined ? 0 : all.findIndex((item) => item.id === startingAfter) + 1
    const data = all.slice(start, start + Math.min(limit, 100))
    return c.json({ ...list, data, has_more: start + data.length < all.length })
  })

  /** Only the `payment_intent` filter is emulated: it finds the session a charge or refund belongs to. */
  app.get('/v1/checkout/sessions', ...api, (c) => {
    const params = queryParams(c)
    rejectUnknown(params, ['payment_intent', 'limit', 'expand'])
    const expand = readExpand(params.expand, ['data.line_items'])
    const paymentIntent = optionalString(params.payment_intent, 'payment_intent')
    if (paymentIntent === undefined)
      throw notEmulated('payment_intent', 'listing sessions without payment_intent')
    const limit = optionalInteger(params.limit, 'limit', 1) ?? 10
    const data = emulator
      .sessionsOfPaymentIntent(paymentIntent)
      .slice(0, limit)
      .map((session) =>
        emulator.sessionObject(session, expand.has('data.line_items') ? new Set(['line_items']) : new Set()),
      )
    return c.json({ object: 'list', data, has_more: false, url: '/v1/checkout/sessions' })
  })

  app.post('/v1/refunds', ...api, async (c) => {
    const input = readCreateRefundParams(parseStripeForm(await c.req.text()))
    return c.json(refundObject(emulator.createRefund(input, requestInfo(c))))
  })

  app.get('/v1/refunds/:id', ...api, (c) => {
    const params = queryParams(c)
    rejectUnknown(params, ['expand'])
    readExpand(params.expand, [])
    return c.json(refundObject(emulator.getRefund(c.req.param('id'))))
  })

  app.get('/v1/refunds', ...api, (c) => {
    const params = queryParams(c)
    rejectUnknown(params, ['payment_intent', 'charge', 'limit', 'expand'])
    readExpand(params.expand, [])
    const limit = Math.min(optionalInteger(params.limit, 'limit', 1) ?? 10, 100)
    const paymentIntent = optionalString(params.payment_intent, 'payment_intent')
    const charge = optionalString(params.charge, 'charge')
    const all = emulator.listRefunds({
      ...(paymentIntent === undefined ? {} : { paymentIntent }),
      ...(charge === undefined ? {} : { charge }),
    })
    return c.json({
      object: 'list',
      data: all.slice(0, limit).map(refundObject),
      has_more: all.length > limit,
      url: '/v1/refunds',
    })
  })

  // Stripe's error shape for everything not emulated.
  app.all('/v1/*', (c) =>
    c.json(
      {
        error: {
          type: 'invalid_request_error',
          message: `Unrecognized request URL (${c.req.method}: ${c.req.path}). The Stripe emulator implements only Checkout Sessions and Refunds; see docs/decisions/030-stripe-emulator.md.`,
        },
      },
      404,
    ),
  )

  // --- The hosted checkout page, as the browser sees it -------------------------------------------------

  app.get('/c/pay/:id', (c) => {
    const session = emulator.findSession(c.req.param('id'))
    const lang = pickLanguage(c.req.query('lang'), session?.locale, c.req.header('accept-language'))
    if (!session) return c.html(renderNotFound(lang), 404, pageHeaders(null))
    if (session.status !== 'open') return c.html(renderClosed(session, lang), 200, pageHeaders(null))
    const nonce = randomBytes(16).toString('base64')
    return c.html(renderCheckout({ session, lang, nonce }), 200, pageHeaders(nonce))
  })

  app.post('/c/pay/:id', async (c) => {
    const form = new URLSearchParams(await c.req.text())
    const field = (name: string) => form.get(name) ?? ''
    const session = emulator.findSession(c.req.param('id'))
    const lang = pickLanguage(form.get('lang') ?? undefined, session?.locale, c.req.header('accept-language'))
    if (!session) return c.html(renderNotFound(lang), 404, pageHeaders(null))
    const values: FormValues = {
      cardNumber: field('card_number'),
      expiry: field('expiry'),
      name: field('name'),
      email: field('email'),
    }
    const result = emulator.pay(session.id, {
      card: { number: values.cardNumber, expiry: values.expiry, cvc: field('cvc'), name: values.name },
      email: values.email,
    })
    const nonce = randomBytes(16).toString('base64')
    switch (result.kind) {
      case 'paid': {
        // 303 turns the form POST into a GET of the merchant's success page.
        const successUrl = successUrlFor(result.session)
        return successUrl
          ? c.redirect(successUrl, 303)
          : c.html(renderClosed(result.session, lang), 200, pageHeaders(null))
      }
      case 'closed':
        return c.html(renderClosed(result.session, lang), 409, pageHeaders(null))
      case 'invalid':
        return c.html(
          renderCheckout({ session, lang, nonce, values, problems: result.problems }),
          422,
          pageHeaders(nonce),
        )
      case 'declined':
        // 402, as Stripe's API answers a card error.
        return c.html(
          renderCheckout({
            session,
            lang,
            nonce,
            values,
            formError: messages[lang].declines[result.decline],
          }),
          402,
          pageHeaders(nonce),
        )
    }
  })

  // --- Development and test helpers ----------------------------------------------------------------------

  app.get('/_emulator/events', (c) =>
    c.json({
      webhook_url: emulator.webhookUrl,
      data: [...emulator.deliveries()].reverse().map((delivery) => ({
        id: delivery.event.id,
        type: delivery.event.type,
        created: delivery.event.created,
        session: delivery.orderKey,
        delivery: {
          state: delivery.state,
          attempts: delivery.attempts,
          next_attempt_at: delivery.nextAttemptAt,
        },
        event: delivery.event,
      })),
    }),
  )

  /**
   * A refund made by staff in the Stripe Dashboard: `POST /_emulator/refunds` with
   * `{ "payment_intent": "pi_…", "amount"?: <yen> }` (or `"charge": "ch_…"`). Sends the same events as an API
   * refund, with no idempotency key, as Dashboard actions do.
   */
  app.post('/_emulator/refunds', stripeHeaders, async (c) => {
    const body = await readJson(c)
    const input = readCreateRefundParams(
      Object.fromEntries(
        Object.entries(body)
          .filter(([key]) => ['payment_intent', 'charge', 'amount', 'reason'].includes(key))
          .map(([key, value]) => [key, String(value)]),
      ),
    )
    const refund = emulator.createRefund(input, { id: c.get('requestId'), idempotencyKey: null })
    return c.json(refundObject(refund))
  })

  /** `POST /_emulator/refunds/re_…/fail`: that refund fails after the fact (`refund.updated`, `refund.failed`). */
  app.post('/_emulator/refunds/:id/fail', (c) => {
    const refund = emulator.failRefund(c.req.param('id'), { id: c.get('requestId'), idempotencyKey: null })
    return c.json(refundObject(refund))
  })

  /** `POST /_emulator/refunds/fail_next` with `{ "count": 1 }`: the next refund requests fail (balance_insufficient). */
  app.post('/_emulator/refunds/fail_next', async (c) => {
    const count = Number((await readJson(c)).count ?? 1)
    if (!Number.isSafeInteger(count) || count < 0) {
      return c.json(
        {
          error: {
            type: 'invalid_request_error',
            message: 'Send { "count": <non-negative integer> }.',
            param: 'count',
          },
        },
        400,
      )
    }
    emulator.failNextRefunds(count)
    return c.json({ failing: count })
  })

  /** `POST /_emulator/advance` with `{ "seconds": 1800 }` (or `?seconds=1800`): time passes, sessions expire. */
  app.post('/_emulator/advance', async (c) => {
    const text = await c.req.text()
    let seconds: unknown = c.req.query('seconds')
    if (text.trim() !== '') {
      try {
        seconds = (JSON.parse(text) as { seconds?: unknown }).seconds
      } catch {
        seconds = undefined
      }
    }
    const amount = Number(seconds)
    if (seconds === undefined || seconds === '' || !Number.isFinite(amount) || amount < 0) {
      return c.json(
        {
          error: {
            type: 'invalid_request_error',
            message: 'Send { "seconds": <non-negative number> } or ?seconds=<n>.',
            param: 'seconds',
          },
        },
        400,
      )
    }
    const expired = emulator.advance(amount * 1000)
    return c.json({ now: emulator.nowSeconds(), expired: expired.map((session) => session.id) })
  })

  return app
}
