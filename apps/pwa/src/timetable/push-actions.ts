import type { Language, PushCategory } from '@furfes/core'
import { loadApiUrl } from '@furfes/ui'
import { NotificationsDeniedError, pushStorageKey, type StoredPushSubscription } from './push-subscription.ts'

/*
 * What changes this browser's Web Push subscription (docs/decisions/176-push-notifications-and-change-alerts.md):
 * the push manager and the API's push routes. The timetable page loads this module only when it is used, so a
 * first visit does not carry it (decision 194).
 */

const store = (subscription: StoredPushSubscription) =>
  window.localStorage.setItem(pushStorageKey, JSON.stringify(subscription))

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
    window.localStorage.removeItem(pushStorageKey)
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
  window.localStorage.removeItem(pushStorageKey)
}
