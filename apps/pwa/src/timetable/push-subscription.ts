import type { Language, PushCategory } from '@furfes/core'
import { loadApiUrl } from '@furfes/ui'

/*
 * This browser's Web Push subscription (docs/decisions/176-push-notifications-and-change-alerts.md): the push
 * manager's subscription, registered with the API without an account, and the id the API answered kept in
 * localStorage, by which the starred sessions and the categories are updated and the subscription deleted.
 */

const storageKey = 'furfes.push.subscription'

export interface StoredPushSubscription {
  id: string
  categories: PushCategory[]
}

/** The permission was refused (now or before): only the browser's site settings can change it. */
export class NotificationsDeniedError extends Error {
  override readonly name = 'NotificationsDeniedError'
}

export const pushSupported = () =>
  typeof window !== 'undefined' &&
  'Notification' in window &&
  'PushManager' in window &&
  'serviceWorker' in navigator

export function readStoredSubscription(): StoredPushSubscription | undefined {
  const stored: unknown = JSON.parse(window.localStorage.getItem(storageKey) ?? 'null')
  if (typeof stored !== 'object' || stored === null) return undefined
  const value = stored as Partial<StoredPushSubscription>
  return typeof value.id === 'string' && Array.isArray(value.categories)
    ? { id: value.id, categories: value.categories }
    : undefined
}

const store = (subscription: StoredPushSubscription) =>
  window.localStorage.setItem(storageKey, JSON.stringify(subscription))

async function callApi(method: string, path: string, body?: unknown): Promise<Response> {
  const base = (await loadApiUrl()).replace(/\/$/, '')
  const response = await fetch(`${base}${path}`, {
    method,
    headers: {
      Accept: 'application/json',
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  })
  if (!response.ok && response.status !== 404) {
    throw new Error(`${method} ${path} answered HTTP ${response.status}: ${await response.text()}`)
  }
  return response
}

interface Preferences {
  language: Language
  categories: PushCategory[]
  starred: string[]
}

/** Asks for permission (call it from a click), subscribes with the API's VAPID key and registers with the API. */
export async function enableNotifications(preferences: Preferences): Promise<StoredPushSubscription> {
  if ((await Notification.requestPermission()) !== 'granted') throw new NotificationsDeniedError()
  const registration = await navigator.serviceWorker.ready
  const key = ((await (await callApi('GET', '/push/vapid-public-key')).json()) as { public_key: string })
    .public_key
  const subscription =
    (await registration.pushManager.getSubscription()) ??
    (await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key }))
  const answer = await callApi('POST', '/push/subscriptions', { ...subscription.toJSON(), ...preferences })
  const { id } = (await answer.json()) as { id: string }
  const stored = { id, categories: preferences.categories }
  store(stored)
  return stored
}

/** Sends the starred sessions and categories again; forgets a subscription the API no longer has. */
export async function updateNotifications(
  subscription: StoredPushSubscription,
  preferences: Preferences,
): Promise<StoredPushSubscription | undefined> {
  const answer = await callApi('PUT', `/push/subscriptions/${subscription.id}`, preferences)
  if (answer.status === 404) {
    window.localStorage.removeItem(storageKey)
    return undefined
  }
  const stored = { id: subscription.id, categories: preferences.categories }
  store(stored)
  return stored
}

/** Unsubscribes the browser and deletes the subscription at the API. */
export async function disableNotifications(subscription: StoredPushSubscription): Promise<void> {
  const registration = await navigator.serviceWorker.ready
  await (await registration.pushManager.getSubscription())?.unsubscribe()
  await callApi('DELETE', `/push/subscriptions/${subscription.id}`)
  window.localStorage.removeItem(storageKey)
}
