import type { AddressInfo } from 'node:net'
import type { PublishedTimetableWire, PushSubscriptionStateWire } from '@furfes/core'
import { createPushEmulatorApp, type ReceivedPush } from '@furfes/push-emulator/src/app.ts'
import { serve } from '@hono/node-server'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { queryRows } from '../src/db/database.ts'
import { createWebPushSend, type PushSend } from '../src/push/outbox.ts'
import { createPushService } from '../src/push/service.ts'
import { oweAnnouncementPushes } from '../src/push/subscriptions.ts'
import { databaseKinds, minutes, testVapidKeys, useAdmin, useTestApi } from './support/harness.ts'

/*
 * Web Push (decision 176): subscriptions without an account, change alerts owed when the committee publishes,
 * reminders before starred sessions, and the outbox sending them, encrypted and signed, to the push service
 * stand-in, which decrypts them; a subscription the push service says is gone is deleted.
 */

let emulatorUrl = ''
let server: ReturnType<typeof serve>
beforeAll(async () => {
  server = await new Promise<ReturnType<typeof serve>>((resolve) => {
    const started = serve({ fetch: createPushEmulatorApp().fetch, port: 0, hostname: '127.0.0.1' }, () =>
      resolve(started),
    )
  })
  emulatorUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

interface BrowserSubscription {
  endpoint: string
  keys: { p256dh: string; auth: string }
}

const browserSubscription = async (): Promise<BrowserSubscription> =>
  (await (await fetch(`${emulatorUrl}/subscriptions`, { method: 'POST' })).json()) as BrowserSubscription

const received = async (subscription: BrowserSubscription) => {
  const id = subscription.endpoint.split('/').pop() ?? ''
  const messages = (await (
    await fetch(`${emulatorUrl}/messages?subscription=${id}`)
  ).json()) as ReceivedPush[]
  return messages.map((message) => ({ ...message, payload: JSON.parse(message.payload) as unknown }))
}

const vapid = { ...testVapidKeys, subject: 'mailto:push@furfes.example' }
type TimetableSessionWire = PublishedTimetableWire['sessions'][number]

describe.each(databaseKinds)('push on %s', (kind) => {
  const sut = useTestApi(kind)
  const admin = useAdmin(sut)

  const subscribe = async (
    subscription: BrowserSubscription,
    preferences: { language: 'ja' | 'en'; categories: string[]; starred: string[] },
  ) => {
    const answer = await sut.request('POST', '/push/subscriptions', {
      body: { ...subscription, ...preferences },
    })
    expect(answer.status).toBe(201)
    return answer.body as PushSubscriptionStateWire
  }
  const pushService = (send?: PushSend) =>
    createPushService({
      db: sut.database.db,
      clock: sut.clock,
      logger: sut.logger,
      vapid,
      ...(send ? { send } : {}),
    })
  const subscriptionCount = async () => {
    const [row] = await queryRows<{ count: number }>(
      sut.database.db,
      sql`select count(*)::int as count from push_subscriptions`,
    )
    return Number(row?.count)
  }

  it('subscribes a browser without an account, updates and deletes it by its id, and keeps only what it needs', async () => {
    expect(await sut.request('GET', '/push/vapid-public-key')).toMatchObject({
      status: 200,
      body: { public_key: testVapidKeys.publicKey },
    })
    const browser = await browserSubscription()
    const created = await subscribe(browser, { language: 'ja', categories: ['changes'], starred: ['parade'] })
    expect(created).toEqual({
      id: expect.any(String),
      language: 'ja',
      categories: ['changes'],
      starred: ['parade'],
    })

    // The same browser again (a new visit): the same subscription, its preferences replaced.
    const again = await subscribe(browser, {
      language: 'en',
      categories: ['changes', 'reminders'],
      starred: ['parade', 'parade', 'doors-open'],
    })
    expect(again).toEqual({
      id: created.id,
      language: 'en',
      categories: ['changes', 'reminders'],
      starred: ['parade', 'doors-open'],
    })
    const changed = await sut.request('PUT', `/push/subscriptions/${created.id}`, {
      body: { language: 'ja', categories: ['announcements'], starred: [] },
    })
    expect(changed).toMatchObject({
      status: 200,
      body: { id: created.id, language: 'ja', categories: ['announcements'], starred: [] },
    })
    const [row] = await queryRows<Record<string, unknown>>(
      sut.database.db,
      sql`select * from push_subscriptions`,
    )
    expect(Object.keys(row ?? {}).sort()).toEqual([
      'auth',
      'categories',
      'created_at',
      'endpoint',
      'language',
      'p256dh',
      'starred',
      'subscription_id',
      'updated_at',
    ])

    expect((await sut.request('DELETE', `/push/subscriptions/${created.id}`)).status).toBe(204)
    expect(await subscriptionCount()).toBe(0)
    expect((await sut.request('DELETE', `/push/subscriptions/${created.id}`)).status).toBe(204)
    expect(
      await sut.request('PUT', `/push/subscriptions/${created.id}`, {
        body: { language: 'ja', categories: [], starred: [] },
      }),
    ).toMatchObject({ status: 404, body: { message: 'notFound' } })
  })

  it('refuses an endpoint outside the push services, and a bad subscription, storing nothing', async () => {
    const browser = await browserSubscription()
    const preferences = { language: 'ja', categories: ['changes'], starred: [] }
    expect(
      await sut.request('POST', '/push/subscriptions', {
        body: { ...browser, endpoint: 'https://internal.example/push/1', ...preferences },
      }),
    ).toMatchObject({ status: 400, body: { message: 'pushServiceNotAllowed' } })
    expect(
      await sut.request('POST', '/push/subscriptions', {
        body: { ...browser, endpoint: 'http://fcm.googleapis.com/fcm/send/1', ...preferences },
      }),
    ).toMatchObject({ status: 400, body: { message: 'pushServiceNotAllowed' } })
    expect(
      await sut.request('POST', '/push/subscriptions', {
        body: { ...browser, ...preferences, categories: ['everything'] },
      }),
    ).toMatchObject({ status: 400, body: { message: 'invalidRequest' } })
    expect(await subscriptionCount()).toBe(0)
  })

  it('pushes a moved starred session to its subscribers in their language when the committee publishes, once', async () => {
    const japanese = await browserSubscription()
    const english = await browserSubscription()
    const notStarred = await browserSubscription()
    const noChanges = await browserSubscription()
    await subscribe(japanese, { language: 'ja', categories: ['changes'], starred: ['parade'] })
    await subscribe(english, { language: 'en', categories: ['changes', 'reminders'], starred: ['parade'] })
    await subscribe(notStarred, { language: 'ja', categories: ['changes'], starred: ['doors-open'] })
    await subscribe(noChanges, { language: 'ja', categories: ['announcements'], starred: ['parade'] })

    const draft = (await sut.request('GET', '/admin/editions/2025/timetable', { token: admin.token }))
      .body as {
      draft: { sessions: TimetableSessionWire[]; revision: number }
    }
    const halfAnHour = (iso: string) => new Date(Date.parse(iso) + minutes(30)).toISOString()
    const sessions = draft.draft.sessions.map((session) =>
      session.id === 'parade'
        ? { ...session, starts_at: halfAnHour(session.starts_at), ends_at: halfAnHour(session.ends_at) }
        : session,
    )
    const saved = await sut.request('PUT', '/admin/editions/2025/timetable', {
      token: admin.token,
      body: { sessions, revision: draft.draft.revision },
    })
    expect(saved.status).toBe(200)
    const published = await sut.request('POST', '/admin/editions/2025/timetable/publish', {
      token: admin.token,
      body: { revision: draft.draft.revision + 1 },
    })
    expect(published.status).toBe(200)

    const service = pushService()
    expect(await service.outbox.drain()).toEqual({ sent: 2, gone: 0, retried: 0, failed: 0 })
    expect(await service.outbox.drain()).toEqual({ sent: 0, gone: 0, retried: 0, failed: 0 })

    const [toJapanese, ...moreJapanese] = await received(japanese)
    expect(moreJapanese).toEqual([])
    expect(toJapanese).toMatchObject({
      urgency: 'high',
      subject: 'mailto:push@furfes.example',
      payload: {
        title: expect.stringMatching(/^「.+」が変更されました$/),
        body: expect.stringMatching(/^時間: \d\d:\d\d–\d\d:\d\d → \d\d:\d\d–\d\d:\d\d$/),
        tag: 'session-parade',
        path: '/ja/timetable',
      },
    })
    expect(await received(english)).toMatchObject([
      { payload: { title: expect.stringMatching(/ has changed$/), body: expect.stringMatching(/^Time: /) } },
    ])
    expect(await received(notStarred)).toEqual([])
    expect(await received(noChanges)).toEqual([])
  })

  it('reminds of a starred session ten minutes before it, once per subscription and session', async () => {
    const browser = await browserSubscription()
    const without = await browserSubscription()
    await subscribe(browser, { language: 'en', categories: ['reminders'], starred: ['doors-open'] })
    await subscribe(without, { language: 'en', categories: ['changes'], starred: ['doors-open'] })
    const timetable = (await sut.request('GET', '/timetable')).body as { sessions: TimetableSessionWire[] }
    const doorsOpen = Date.parse(
      timetable.sessions.find((session) => session.id === 'doors-open')?.starts_at ?? '',
    )

    const service = pushService()
    sut.clock.set(doorsOpen - minutes(11))
    expect(await service.sweepReminders()).toBe(0)
    sut.clock.set(doorsOpen - minutes(9))
    expect(await service.sweepReminders()).toBe(1)
    sut.clock.advance(minutes(1))
    expect(await service.sweepReminders()).toBe(0)
    await service.run()

    expect(await received(browser)).toMatchObject([
      { ttl: 480, payload: { title: 'Starting soon: Doors open, reception', tag: 'session-doors-open' } },
    ])
    expect(await received(without)).toEqual([])
  })

  it('pushes an announcement the committee publishes to those who allowed announcements, once, in their language', async () => {
    const japanese = await browserSubscription()
    const english = await browserSubscription()
    const changesOnly = await browserSubscription()
    await subscribe(japanese, { language: 'ja', categories: ['announcements'], starred: [] })
    await subscribe(english, { language: 'en', categories: ['announcements', 'changes'], starred: [] })
    await subscribe(changesOnly, { language: 'ja', categories: ['changes'], starred: [] })
    const id = '3f0c2a8e-6d0b-4f5e-9a57-1c2d3e4f5a6b'
    const body = {
      id,
      mail: null,
      title: { ja: 'パレード遅延', en: 'Parade delayed' },
      body: { ja: '15分遅れて始まります。', en: 'It starts 15 minutes late.' },
      urgency: 'urgent',
    }
    // A retried request, and two at once: one publication, one push each.
    const answers = await Promise.all([
      sut.request('POST', '/admin/announcements', { token: admin.token, body }),
      sut.request('POST', '/admin/announcements', { token: admin.token, body }),
    ])
    expect(answers.map((answer) => answer.status)).toEqual([201, 201])
    expect(await pushService().outbox.drain()).toEqual({ sent: 2, gone: 0, retried: 0, failed: 0 })
    expect(await received(japanese)).toMatchObject([
      {
        urgency: 'high',
        payload: {
          title: 'パレード遅延',
          body: '15分遅れて始まります。',
          path: '/ja/timetable#announcements',
        },
      },
    ])
    expect(await received(english)).toMatchObject([
      { payload: { title: 'Parade delayed', path: '/en/timetable#announcements' } },
    ])
    expect(await received(changesOnly)).toEqual([])
  })

  it('deletes a subscription its push service says is gone, and retries other failures', async () => {
    const gone = await browserSubscription()
    const flaky = await browserSubscription()
    const goneState = await subscribe(gone, { language: 'ja', categories: ['announcements'], starred: [] })
    await subscribe(flaky, { language: 'en', categories: ['announcements'], starred: [] })
    await fetch(`${emulatorUrl}/subscriptions/${gone.endpoint.split('/').pop()}/gone`, { method: 'POST' })
    const announcement = {
      id: 'water',
      title: { ja: '給水所', en: 'Water' },
      body: { ja: '水は会場の奥にあります。', en: 'Water is at the back of the hall.' },
      urgency: 'urgent' as const,
    }
    expect(await oweAnnouncementPushes(sut.database.db, announcement, sut.clock())).toBe(2)
    // Published twice (a retried request): still owed once each.
    expect(await oweAnnouncementPushes(sut.database.db, announcement, sut.clock())).toBe(0)

    const realSend = createWebPushSend(vapid)
    let failures = 1
    const service = pushService(async (target, delivery) => {
      if (target.endpoint === flaky.endpoint && failures-- > 0) throw new Error('connect ECONNREFUSED')
      await realSend(target, delivery)
    })
    expect(await service.outbox.drain()).toEqual({ sent: 0, gone: 1, retried: 1, failed: 0 })
    const [row] = await queryRows<{ id: string }>(
      sut.database.db,
      sql`select subscription_id as id from push_subscriptions where subscription_id = ${goneState.id}::uuid`,
    )
    expect(row).toBeUndefined()
    expect(sut.logger.records).toContainEqual(
      expect.objectContaining({
        msg: 'Push not delivered; it will be retried',
        error: 'connect ECONNREFUSED',
      }),
    )

    // Not due yet: the retry backs off.
    expect(await service.outbox.drain()).toEqual({ sent: 0, gone: 0, retried: 0, failed: 0 })
    sut.clock.advance(minutes(1))
    expect(await service.outbox.drain()).toEqual({ sent: 1, gone: 0, retried: 0, failed: 0 })
    expect(await received(flaky)).toMatchObject([
      {
        urgency: 'high',
        payload: { title: 'Water', body: 'Water is at the back of the hall.', path: '/en' },
      },
    ])
  })
})
