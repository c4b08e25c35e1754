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

export interface NotificationQueue {
  /** Queues a message; the snack bar shows one at a time, oldest first. */
  notify(message: string, severity?: NotificationSeverity, options?: NotificationOptions): void
  /** Removes the notification shown now, so the next one appears. */
  dismiss(id: number): void
  subscribe(listener: () => void): () => void
  getSnapshot(): readonly Notification[]
}

/**
 * The app's queue of snack-bar notifications (decision 042). It lives outside React so loaders and other
 * non-component code can post to it; components read it through `useSyncExternalStore`. A message already
 * waiting is not queued twice, so a burst of the same failure shows once.
 */
export function createNotificationQueue(): NotificationQueue {
  let queue: readonly Notification[] = []
  let nextId = 1
  const listeners = new Set<() => void>()
  const publish = (next: readonly Notification[]) => {
    queue = next
    for (const listener of listeners) listener()
  }
  return {
    notify(message, severity = 'info', options = {}) {
      if (queue.some((item) => item.message === message && item.severity === severity)) return
      publish([...queue, { ...options, id: nextId++, message, severity }])
    },
    dismiss(id) {
      if (queue.some((item) => item.id === id)) publish(queue.filter((item) => item.id !== id))
    },
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    getSnapshot: () => queue,
  }
}
