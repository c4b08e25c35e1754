import type { Announcement } from '@furfes/core'
import { CloseIcon } from '@furfes/ui'
import { Alert, AlertTitle, Box, IconButton, Link } from '@mui/material'
import { localizedPath } from '../language.ts'
import { useLanguage } from '../layout/useLanguage.ts'
import en from '../locales/en/announcements.json'
import ja from '../locales/ja/announcements.json'

const copy = { ja, en }

/**
 * The urgent announcements to show, above every page (docs/decisions/173-announcements.md), loaded only when there
 * is one (UrgentAnnouncements.tsx). Each is a status (read out politely, not interrupting), closed with a labelled
 * button.
 */
export default function UrgentBanner({
  announcements,
  onDismiss,
}: {
  announcements: readonly Announcement[]
  onDismiss: (id: string) => void
}) {
  const language = useLanguage()
  const words = copy[language]
  return (
    <Box component="section" aria-label={words.bannerLabel} sx={{ px: 2, pt: 1 }}>
      {announcements.map((announcement) => (
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
