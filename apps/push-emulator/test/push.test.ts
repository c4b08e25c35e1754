import type { AddressInfo } from 'node:net'
import { serve } from '@hono/node-server'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import webPush from 'web-push'
import { createPushEmulatorApp, type ReceivedPush } from '../src/app.ts'
import { decryptPushBody, receiverKeysFrom } from '../src/ece.ts'

const vapid = { subject: 'mailto:test@furfes.example', ...webPush.generateVAPIDKeys() }

let baseUrl = ''
let server: ReturnType<typeof serve>

beforeAll(async () => {
  server = await new Promise<ReturnType<typeof serve>>((resolve) => {
    const started = serve({ fetch: createPushEmulatorApp().fetch, port: 0, hostname: '127.0.0.1' }, () =>
      resolve(started),
    )
  })
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

async function newSubscription(): Promise<webPush.PushSubscription> {
  const response = await fetch(`${baseUrl}/subscriptions`, { method: 'POST' })
  expect(response.status).toBe(201)
  return (await response.json()) as webPush.PushSubscription
}

/** What the API does: the web-push library's encrypted, signed request, sent with fetch. */
async function send(
  subscription: webPush.PushSubscription,
  payload: string,
  options: webPush.RequestOptions,
) {
  const request = webPush.generateRequestDetails(subscription, payload, { vapidDetails: vapid, ...options })
  return fetch(request.endpoint, {
    method: request.method,
    headers: request.headers as Record<string, string>,
    body: request.body ?? null,
  })
}

const messagesOf = async (endpoint: string): Promise<ReceivedPush[]> => {
  const id = endpoint.split('/').pop() ?? ''
  return (await (await fetch(`${baseUrl}/messages?subscription=${id}`)).json()) as ReceivedPush[]
}

describe('the push service stand-in', () => {
  it('decrypts a payload the web-push library encrypted and signed, and keeps it', async () => {
    const subscription = await newSubscription()
    const result = await send(subscription, '{"title":"開場しました"}', {
      TTL: 600,
      urgency: 'high',
      topic: 'doors',
    })
    expect(result.status).toBe(201)
    const [message, ...others] = await messagesOf(subscription.endpoint)
    expect(others).toEqual([])
    expect(message).toMatchObject({
      payload: '{"title":"開場しました"}',
      ttl: 600,
      urgency: 'high',
      topic: 'doors',
      subject: 'mailto:test@furfes.example',
    })
    const page = await (await fetch(`${baseUrl}/`)).text()
    expect(page).toContain('{&quot;title&quot;:&quot;開場しました&quot;}')
  })

  it('refuses a push without a valid VAPID signature for its origin', async () => {
    const subscription = await newSubscription()
    const unsigned = await fetch(subscription.endpoint, {
      method: 'POST',
      headers: { 'content-encoding': 'aes128gcm', ttl: '60' },
      body: 'x',
    })
    expect(unsigned.status).toBe(401)
    // Signed for another push service: the audience is wrong.
    const headers = webPush.getVapidHeaders(
      'https://fcm.googleapis.com',
      vapid.subject,
      vapid.publicKey,
      vapid.privateKey,
      'aes128gcm',
    )
    const elsewhere = await fetch(subscription.endpoint, {
      method: 'POST',
      headers: { ...headers, 'content-encoding': 'aes128gcm', ttl: '60' },
      body: 'x',
    })
    expect(elsewhere.status).toBe(401)
    expect(await elsewhere.json()).toEqual({ error: expect.stringContaining('aud') })
    expect(await messagesOf(subscription.endpoint)).toEqual([])
  })

  it('answers 410 Gone for a subscription marked gone', async () => {
    const subscription = await newSubscription()
    const id = subscription.endpoint.split('/').pop()
    expect((await fetch(`${baseUrl}/subscriptions/${id}/gone`, { method: 'POST' })).status).toBe(204)
    expect((await send(subscription, 'late', { TTL: 60 })).status).toBe(410)
    expect(await messagesOf(subscription.endpoint)).toEqual([])
  })
})

describe('RFC 8291 decryption', () => {
  it('decrypts the example of the RFC 8291 appendix', () => {
    const keys = receiverKeysFrom('q1dXpw3UpT5VOmu_cf_v6ih07Aems3njxI-JWgLcM94', 'BTBZMqHH6r4Tts7J_aSIgg')
    expect(keys.ecdh.getPublicKey().toString('base64url')).toBe(
      'BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcxaOzi6-AYWXvTBHm4bjyPjs7Vd8pZGH6SRpkNtoIAiw4',
    )
    const body = Buffer.from(
      'DGv6ra1nlYgDCS1FRnbzlwAAEABBBP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PBru3jl7A_yl95bQpu6cVPTpK4Mqgkf1CXztLVBSt2Ks3oZwbuwXPXLWyouBWLVWGNWQexSgSxsj_Qulcy4a-fN',
      'base64url',
    )
    expect(decryptPushBody(body, keys).toString('utf8')).toBe('When I grow up, I want to be a watermelon')
  })
})
