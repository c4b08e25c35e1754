import type { Announcement } from '@furfes/core'
import { CloseIcon } from '@furfes/ui'
import { Alert, AlertTitle, Box, IconButton, Link } from '@mui/material'
import { useState } from 'react'
import { localizedPath } from '../language.ts'
import { useLanguage } from '../layout/useLanguage.ts'
import en from '../locales/en/announcements.json'
import ja from '../locales/ja/announcements.json'
import { dismissAnnouncement, dismissedAnnouncements } from './dismissed.ts'

const copy = { ja, en }

/**
 * The urgent announcements not closed on this device, above every page (docs/decisions/173-announcements.md),
 * loaded only when there is one (UrgentAnnouncements.tsx). Each is a status (read out politely, not interrupting),
 * closed with a labelled button.
 */
export default function UrgentBanner({ announcements }: { announcements: readonly Announcement[] }) {
  const language = useLanguage()
  const words = copy[language]
  const [dismissed, setDismissed] = useState(() => new Set(dismissedAnnouncements()))
  const shown = announcements.filter((announcement) => !dismissed.has(announcement.id))
  const onDismiss = (id: string) => {
    dismissAnnouncement(id)
    setDismissed((previous) => new Set([...previous, id]))
  }
  if (shown.length === 0) return null
  return (
    <Box component="section" aria-label={words.bannerLabel} sx={{ px: 2, pt: 1 }}>
      {shown.map((announcement) => (
        <Alert
          key={announcement.id}
          severity="warning"
          role="status"
          sx={{ mb: 1, whiteSpace: 'pre-line' }}
          action={
            <IconButton
              color="inherit"
              size="small"
              aria-label={words.dismiss.replace('{{title}}', announcement.title[language])}
              onClick={() => onDismiss(announcement.id)}
            >
              <CloseIcon />
            </IconButton>
          }
        >
          <AlertTitle component="p">{announcement.title[language]}</AlertTitle>
          {announcement.body[language]}{' '}
          <Link href={`${localizedPath(language, '/timetable')}#announcements`} color="inherit">
            {words.allLink}
          </Link>
        </Alert>
      ))}
    </Box>
  )
}
