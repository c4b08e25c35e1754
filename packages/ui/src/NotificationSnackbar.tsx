import { lazy, Suspense } from 'react'
import type { NotificationQueue } from './notifications.ts'
import { useStore } from './use-store.ts'

// The snack bar and its transitions load only when there is something to say, not with every page.
const SnackbarView = lazy(() => import('./SnackbarView.tsx'))

/** Shows the queue's oldest notification; closing it (or its timeout) shows the next. */
export function NotificationSnackbar({ queue }: { queue: NotificationQueue }) {
  const notifications = useStore(queue)
  const current = notifications[0]
  if (!current) return null
  return (
    <Suspense fallback={null}>
      <SnackbarView key={current.id} notification={current} onClose={() => queue.dismiss(current.id)} />
    </Suspense>
  )
}
