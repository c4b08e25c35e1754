import { z } from 'zod'
import { supportedLanguages } from '../domain/language.ts'
import { pushCategories } from '../domain/push-category.ts'
import { maxTimetableSessions, timetableSessionIdPattern } from '../domain/timetable.ts'
import { type RouteDefinition, routeGroup } from './route.ts'
import { component } from './schemas.ts'

/*
 * Web Push (docs/decisions/176-push-notifications-and-change-alerts.md): a browser subscribes without an account,
 * giving its push service's endpoint and keys, its language, what it wants to be told and the sessions it starred;
 * nothing else about the person is stored. The subscription's id, which only that browser learns, is what it
 * updates and deletes the subscription by.
 */

const base64Url = z.string().regex(/^[A-Za-z0-9_-]+={0,2}$/)

const preferencesWire = {
  language: z.enum(supportedLanguages).describe('The language notifications are written in'),
  categories: z
    .array(z.enum(pushCategories))
    .max(pushCategories.length)
    .describe('announcements, changes to starred sessions, reminders before starred sessions'),
  starred: z
    .array(z.string().regex(timetableSessionIdPattern))
    .max(maxTimetableSessions)
    .describe('The ids of the sessions starred on the device'),
}

export const pushSubscriptionWireSchema = component(
  z.object({
    endpoint: z
      .url({ protocol: /^https?$/ })
      .max(2000)
      .describe("The browser's push service endpoint"),
    keys: z.object({
      p256dh: base64Url.max(200).describe("The browser's P-256 public key"),
      auth: base64Url.max(100).describe('The authentication secret'),
    }),
    ...preferencesWire,
  }),
  {
    id: 'PushSubscriptionRequest',
    description: 'A browser push subscription (as PushSubscription.toJSON() gives it) with its preferences',
  },
)
export type PushSubscriptionWire = z.input<typeof pushSubscriptionWireSchema>

export const pushPreferencesWireSchema = component(z.object(preferencesWire), {
  id: 'PushPreferences',
  description: 'What a subscription is told about, in which language, for which starred sessions',
})
export type PushPreferencesWire = z.input<typeof pushPreferencesWireSchema>

export const pushSubscriptionStateWireSchema = component(
  z.object({
    id: z
      .uuid()
      .describe('Known only to the subscribing browser: it updates and deletes the subscription by it'),
    ...preferencesWire,
  }),
  { id: 'PushSubscription', description: 'A subscription as stored' },
)
export type PushSubscriptionStateWire = z.output<typeof pushSubscriptionStateWireSchema>

export const vapidPublicKeyWireSchema = component(
  z.object({ public_key: base64Url.describe("The API's VAPID public key, for PushManager.subscribe") }),
  { id: 'VapidPublicKey', description: 'The application server key' },
)

const subscriptionParams = z.object({ id: z.uuid() })

/** What the service worker receives in a push: written by the API, shown as a notification. */
export interface PushMessage {
  title: string
  body: string
  /** Notifications with the same tag replace each other (one per session, one per announcement). */
  tag: string
  /** The site's path the notification opens. */
  path: string
}

const open = routeGroup('none', 'push')

export const pushRoutes = {
  getVapidPublicKey: open.get('/push/vapid-public-key', {
    summary: "Read the API's VAPID public key",
    responses: { 200: { description: 'The key', schema: vapidPublicKeyWireSchema } },
  }),
  postPushSubscription: open.post('/push/subscriptions', {
    summary: 'Subscribe a browser to notifications',
    description:
      'No account needed. The same endpoint again updates its subscription and answers the same id. 400 ' +
      'pushServiceNotAllowed when the endpoint is not at a known push service.',
    request: { body: pushSubscriptionWireSchema },
    responses: { 201: { description: 'The subscription', schema: pushSubscriptionStateWireSchema } },
  }),
  putPushSubscription: open.put('/push/subscriptions/{id}', {
    summary: "Change a subscription's language, categories or starred sessions",
    description: '404 when the subscription is gone (unsubscribed, or its push service said it is gone).',
    request: { params: subscriptionParams, body: pushPreferencesWireSchema },
    responses: { 200: { description: 'The subscription', schema: pushSubscriptionStateWireSchema } },
  }),
  deletePushSubscription: open.delete('/push/subscriptions/{id}', {
    summary: 'Unsubscribe',
    description:
      'Deletes the subscription and every notification still owed to it; 204 even when already gone.',
    request: { params: subscriptionParams },
    responses: { 204: { description: 'Gone' } },
  }),
} as const satisfies Record<string, RouteDefinition>
