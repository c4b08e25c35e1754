import type { Participant } from '@furfes/core'
import { usePhrases } from '@furfes/ui'
import { Box, List, ListItem, ListItemText, Typography } from '@mui/material'
import { useTranslation } from 'react-i18next'

/** The end of a registration id, enough for staff to tell two people of the same name apart. */
const idTail = (registrationId: string) => registrationId.slice(-6).toUpperCase()

/**
 * A minor's guardian and a guardian's minors, from the snapshot (docs/decisions/184-guardians.md): the door asks
 * for the guardian before letting a minor in, and knows whom a guardian brings.
 */
export function Guardianship({ participant }: { participant: Participant | undefined }) {
  const phrase = usePhrases()
  const { t } = useTranslation('reception')
  const guardian = participant?.guardian
  const minors = participant?.minors ?? []
  if (!guardian && minors.length === 0) return null
  return (
    <Box data-guardianship>
      {guardian && (
        <>
          <Typography variant="h5" component="h3" sx={{ fontWeight: 700 }}>
            {phrase(t('verdict.minor'))}
          </Typography>
          <Typography variant="h6" component="p">
            {guardian.confirmed
              ? t('verdict.guardian', { name: guardian.badgeName, tail: idTail(guardian.registrationId) })
              : t('verdict.guardianNotConfirmed')}
          </Typography>
        </>
      )}
      {minors.length > 0 && (
        <>
          <Typography variant="h6" component="h3">
            {phrase(t('verdict.guardianOf'))}
          </Typography>
          <List dense disablePadding>
            {minors.map((minor) => (
              <ListItem key={minor.registrationId} disableGutters>
                <ListItemText
                  primary={t('verdict.minorName', {
                    name: minor.badgeName,
                    tail: idTail(minor.registrationId),
                  })}
                />
              </ListItem>
            ))}
          </List>
        </>
      )}
    </Box>
  )
}
