import type { PushCategory } from '@furfes/core'

/*
 * This browser's Web Push subscription (docs/decisions/176-push-notifications-and-change-alerts.md): the push
 * manager's subscription, registered with the API without an account, and the id the API answered kept in
 * localStorage, by which the starred sessions and the categories are updated and the subscription deleted.
 * What the page needs to show the settings is here; what talks to the push manager and the API is in
 * push-actions.ts, loaded when a visitor turns notifications on or already has them (decision 194).
 */

export const pushStorageKey = 'furfes.push.subscription'

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
  const stored: unknown = JSON.parse(window.localStorage.getItem(pushStorageKey) ?? 'null')
  if (typeof stored !== 'object' || stored === null) return undefined
  const value = stored as Partial<StoredPushSubscription>
  return typeof value.id === 'string' && Array.isArray(value.categories)
    ? { id: value.id, categories: value.categories }
    : undefined
}
