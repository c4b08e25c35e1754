import { randomBytes, randomUUID } from 'node:crypto'
import { Hono } from 'hono'
import { html } from 'hono/html'
import { decryptPushBody, newReceiverKeys, type ReceiverKeys } from './ece.ts'
import { VapidError, verifyVapid } from './vapid.ts'

/*
 * A push service on this machine (decision 177): it hands out subscriptions as a browser's push manager would
 * (endpoint, p256dh and auth keys), accepts Web Push requests at those endpoints, checks their VAPID signature,
 * decrypts them and keeps the messages, which its page and /messages show. A subscription marked gone answers 410,
 * as a push service does once the browser unsubscribed. Everything is kept in memory.
 */

export interface ReceivedPush {
  subscriptionId: string
  receivedAt: string
  /** The decrypted body as text (the API sends JSON). */
  payload: string
  ttl: number
  urgency: string
  topic: string | null
  /** The VAPID contact of the sender. */
  subject: string
}

interface Subscription {
  keys: ReceiverKeys
  gone: boolean
}

const json = (value: unknown, status = 200) =>
  new Response(JSON.stringify(value), { status, headers: { 'content-type': 'application/json' } })

export function createPushEmulatorApp(options: { clock?: () => number } = {}) {
  const clock = options.clock ?? Date.now
  const subscriptions = new Map<string, Subscription>()
  const received: ReceivedPush[] = []
  const app = new Hono()

  // What PushSubscription.toJSON() gives a page: the endpoint and the browser's keys.
  app.post('/subscriptions', (context) => {
    const id = randomUUID()
    const keys = newReceiverKeys(randomBytes(16))
    subscriptions.set(id, { keys, gone: false })
    return json(
      {
        endpoint: new URL(`/push/${id}`, context.req.url).href,
        expirationTime: null,
        keys: {
          p256dh: keys.ecdh.getPublicKey().toString('base64url'),
          auth: keys.authSecret.toString('base64url'),
        },
      },
      201,
    )
  })

  // From now on the push service answers 410 Gone for this subscription.
  app.post('/subscriptions/:id/gone', (context) => {
    const subscription = subscriptions.get(context.req.param('id'))
    if (!subscription) return json({ error: 'unknown subscription' }, 404)
    subscription.gone = true
    return new Response(null, { status: 204 })
  })

  app.post('/push/:id', async (context) => {
    const id = context.req.param('id')
    const subscription = subscriptions.get(id)
    if (!subscription) return json({ error: 'unknown subscription' }, 404)
    if (subscription.gone) return json({ error: 'subscription gone' }, 410)
    let subject: string
    try {
      ;({ subject } = await verifyVapid(
        context.req.header('authorization'),
        new URL(context.req.url).origin,
        clock(),
      ))
    } catch (error) {
      if (error instanceof VapidError) return json({ error: error.message }, 401)
      throw error
    }
    if (context.req.header('content-encoding') !== 'aes128gcm') {
      return json({ error: 'Content-Encoding must be aes128gcm' }, 415)
    }
    const ttl = Number(context.req.header('ttl'))
    if (!Number.isInteger(ttl) || ttl < 0) return json({ error: 'a TTL header is required' }, 400)
    let payload: string
    try {
      payload = decryptPushBody(Buffer.from(await context.req.arrayBuffer()), subscription.keys).toString(
        'utf8',
      )
    } catch (error) {
      return json({ error: `the body could not be decrypted: ${(error as Error).message}` }, 400)
    }
    received.push({
      subscriptionId: id,
      receivedAt: new Date(clock()).toISOString(),
      payload,
      ttl,
      urgency: context.req.header('urgency') ?? 'normal',
      topic: context.req.header('topic') ?? null,
      subject,
    })
    return new Response(null, { status: 201, headers: { location: `/messages/${received.length}` } })
  })

  app.get('/messages', (context) => {
    const subscription = context.req.query('subscription')
    return json(subscription ? received.filter((push) => push.subscriptionId === subscription) : received)
  })

  app.get('/', (context) =>
    context.html(html`<!doctype html>
      <html lang="en">
        <head>
          <meta charset="utf-8" />
          <meta name="viewport" content="width=device-width, initial-scale=1" />
          <title>Push service stand-in</title>
        </head>
        <body>
          <main>
            <h1>Push service stand-in</h1>
            <p>${subscriptions.size} subscription(s), ${received.length} push(es) received, newest first.</p>
            <table>
              <thead>
                <tr>
                  <th scope="col">Received</th>
                  <th scope="col">Subscription</th>
                  <th scope="col">Urgency</th>
                  <th scope="col">TTL (s)</th>
                  <th scope="col">Message</th>
                </tr>
              </thead>
              <tbody>
                ${[...received].reverse().map(
                  (push) =>
                    html`<tr>
                      <td><time datetime="${push.receivedAt}">${push.receivedAt}</time></td>
                      <td>${push.subscriptionId}</td>
                      <td>${push.urgency}</td>
                      <td>${push.ttl}</td>
                      <td><pre>${push.payload}</pre></td>
                    </tr>`,
                )}
              </tbody>
            </table>
          </main>
        </body>
      </html>`),
  )

  return app
}
