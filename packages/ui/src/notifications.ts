import { createStore, type Store } from '@furfes/core'

/** How a snack-bar notification is coloured and announced. */
type NotificationSeverity = 'success' | 'info' | 'warning' | 'error'

/** A button in the snack bar, e.g. "Reload" when a new version of the app is ready. */
interface NotificationAction {
  label: string
  run: () => void
}

interface NotificationOptions {
  action?: NotificationAction
  /** Stays until the reader closes it or takes its action, instead of hiding after a few seconds. */
  persistent?: boolean
}

export interface Notification extends NotificationOptions {
  id: number
  message: string
  severity: NotificationSeverity
}

export interface NotificationQueue extends Store<readonly Notification[]> {
  /** Queues a message; the snack bar shows one at a time, oldest first. */
  notify(message: string, severity?: NotificationSeverity, options?: NotificationOptions): void
  /** Removes the notification shown now, so the next one appears. */
  dismiss(id: number): void
}

/**
 * The app's queue of snack-bar notifications (decision 042). It lives outside React so loaders and other
 * non-component code can post to it; components read it with `useStore`. A message already
 * waiting is not queued twice, so a burst of the same failure shows once.
 */
export function createNotificationQueue(): NotificationQueue {
  const { set: publish, ...queue } = createStore<readonly Notification[]>([])
  let nextId = 1
  return {
    ...queue,
    notify(message, severity = 'info', options = {}) {
      const waiting = queue.getSnapshot()
      if (waiting.some((item) => item.message === message && item.severity === severity)) return
      publish([...waiting, { ...options, id: nextId++, message, severity }])
    },
    dismiss(id) {
      const waiting = queue.getSnapshot()
      if (waiting.some((item) => item.id === id)) publish(waiting.filter((item) => item.id !== id))
    },
  }
}
