import { lazy, Suspense, useSyncExternalStore } from 'react'
import type { NotificationQueue } from './notifications.ts'

// The snack bar and its transitions load only when there is something to say, not with every page.
const SnackbarView = lazy(() => import('./SnackbarView.tsx'))

/** Shows the queue's oldest notification; closing it (or its timeout) shows the next. */
export function NotificationSnackbar({ queue }: { queue: NotificationQueue }) {
  const notifications = useSyncExternalStore(queue.subscribe, queue.getSnapshot, queue.getSnapshot)
  const current = notifications[0]
  if (!current) return null
  return (
    <Suspense fallback={null}>
      <SnackbarView key={current.id} notification={current} onClose={() => queue.dismiss(current.id)} />
    </Suspense>
  )
}
