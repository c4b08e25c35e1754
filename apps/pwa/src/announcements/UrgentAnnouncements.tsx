import { lazy, Suspense, useState } from 'react'
import { dismissAnnouncement, dismissedAnnouncements } from './dismissed.ts'
import { useAnnouncements } from './useAnnouncements.ts'

// The banner's view (MUI's Alert and the strings) loads only when there is an urgent announcement to show, so a
// page without one, the top page first, pays for the reading alone (docs/decisions/187-every-public-page-budget.md).
const UrgentBanner = lazy(() => import('./UrgentBanner.tsx'))

/**
 * Reads the announcements once the page has started and shows the urgent ones not closed on this device
 * (docs/decisions/173-announcements.md); offline the service worker answers the last list it kept.
 */
export default function UrgentAnnouncements() {
  const announcements = useAnnouncements()
  const [dismissed, setDismissed] = useState(() => new Set(dismissedAnnouncements()))
  const shown = (announcements ?? []).filter(
    (announcement) => announcement.urgency === 'urgent' && !dismissed.has(announcement.id),
  )
  if (shown.length === 0) return null
  return (
    <Suspense fallback={null}>
      <UrgentBanner
        announcements={shown}
        onDismiss={(id) => {
          dismissAnnouncement(id)
          setDismissed((previous) => new Set([...previous, id]))
        }}
      />
    </Suspense>
  )
}
