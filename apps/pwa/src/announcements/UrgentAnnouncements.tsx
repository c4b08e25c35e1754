import { lazy, Suspense } from 'react'
import { useAnnouncements } from './useAnnouncements.ts'

// The banner's view (MUI's Alert, the strings and what this device closed) loads only when there is an urgent
// announcement, so a page without one, the top page first, pays for the reading alone
// (docs/decisions/187-every-public-page-budget.md).
const UrgentBanner = lazy(() => import('./UrgentBanner.tsx'))

/**
 * Reads the announcements once the page has started and shows the urgent ones not closed on this device
 * (docs/decisions/173-announcements.md); offline the service worker answers the last list it kept.
 */
export default function UrgentAnnouncements() {
  const announcements = useAnnouncements()
  const urgent = (announcements ?? []).filter((announcement) => announcement.urgency === 'urgent')
  if (urgent.length === 0) return null
  return (
    <Suspense fallback={null}>
      <UrgentBanner announcements={urgent} />
    </Suspense>
  )
}
