import type { Announcement } from '@furfes/core'
import { useEffect, useState } from 'react'
import { useServices } from '../app/services.tsx'
import { readAnnouncements } from './published.ts'

/** The announcements once this visit has read them; undefined until then or when they could not be read. */
export function useAnnouncements(): Announcement[] | undefined {
  const { fetchPublic, errors } = useServices()
  const [announcements, setAnnouncements] = useState<Announcement[] | undefined>(undefined)
  useEffect(() => {
    let current = true
    readAnnouncements(fetchPublic)
      .then((list) => {
        if (current) setAnnouncements(list.announcements)
      })
      .catch((error: unknown) => errors.report(error, { where: 'announcements' }))
    return () => {
      current = false
    }
  }, [fetchPublic, errors])
  return announcements
}
