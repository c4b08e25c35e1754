import type { Participant } from '@furfes/core'
import { Chip, List, ListItemButton, ListItemText, Stack, TextField, Typography } from '@mui/material'
import { useDeferredValue, useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useReceptionSnapshot } from '../app/hooks.ts'
import { firstMatches, noFilters } from './search.ts'

const shownResults = 8

/** For codes that will not scan: find the person by badge name, handle name, e-mail or registration id. */
export function ParticipantSearch({ onChoose }: { onChoose: (participant: Participant) => void }) {
  const { t } = useTranslation(['reception', 'domain'])
  const snapshot = useReceptionSnapshot()
  const [query, setQuery] = useState('')
  const deferred = useDeferredValue(query)
  const { shown: results, count } = useMemo(
    () =>
      deferred.trim() === ''
        ? { shown: [], count: 0 }
        : firstMatches(
            snapshot.participants,
            { ...noFilters, query: deferred },
            snapshot.checkInsByRegistration,
            shownResults,
          ),
    [deferred, snapshot],
  )
  return (
    <Stack spacing={1}>
      <TextField
        label={t('scan.searchLabel')}
        placeholder={t('scan.searchPlaceholder')}
        value={query}
        onChange={(event) => setQuery(event.target.value)}
        type="search"
      />
      {deferred.trim() !== '' && results.length === 0 && <Typography>{t('scan.noResults')}</Typography>}
      {results.length > 0 && (
        <List dense aria-label={t('scan.results')}>
          {results.map((participant) => {
            const registration = participant.registration
            const checkedIn =
              registration?.registrationId !== undefined &&
              snapshot.checkInsByRegistration.get(registration.registrationId)?.current !== undefined
            return (
              <ListItemButton key={participant.user.userId} onClick={() => onChoose(participant)}>
                <ListItemText
                  primary={registration?.badgeName ?? participant.user.email ?? participant.user.userId}
                  secondary={[
                    participant.profile?.handleName,
                    participant.user.email,
                    // Staff's note for the door (decision 175), so it is read before the person is chosen.
                    participant.attention?.note,
                  ]
                    .filter(Boolean)
                    .join(' · ')}
                />
                <Stack direction="row" spacing={1}>
                  {participant.attention?.flagged && (
                    <Chip size="small" color="warning" label={t('scan.attention')} />
                  )}
                  {registration && (
                    <Chip
                      size="small"
                      label={t(`domain:registrationTier.${registration.registrationTier}`)}
                    />
                  )}
                  {registration && (
                    <Chip size="small" label={t(`domain:paymentStatus.${registration.paymentStatus}`)} />
                  )}
                  {checkedIn && <Chip size="small" color="success" label={t('participants.checkedIn')} />}
                </Stack>
              </ListItemButton>
            )
          })}
        </List>
      )}
      {count > shownResults && (
        <Typography variant="caption">{t('scan.moreResults', { count: count - shownResults })}</Typography>
      )}
    </Stack>
  )
}
