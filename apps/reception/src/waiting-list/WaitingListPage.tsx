import { type AdminWaitingListEntry, formatInstant, isLanguage, registrationTiers } from '@furfes/core'
import { ErrorAlert, scrollShadows, usePhrases } from '@furfes/ui'
import {
  Button,
  Card,
  CardContent,
  Chip,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material'
import { useTranslation } from 'react-i18next'
import { useParams } from 'react-router'
import { useApiRead } from '../app/api-read.ts'
import { useServices } from '../app/services.tsx'
import { EditionPicker } from '../editions/EditionPicker.tsx'
import { useChosenEdition } from '../editions/past-edition.ts'

/*
 * Every tier's waiting list and offers (decision 115), read from the API each time the screen opens or is
 * refreshed: open entries first, in order, with the deadline of each offer in Japan time. Staff only read it;
 * offers go out and expire by themselves.
 */
export function WaitingListPage() {
  const phrase = usePhrases()
  const { t } = useTranslation('reception')
  const services = useServices()
  // The current edition's list, or a past one's the committee chose (decision 158): it has no actions to hide.
  const edition = useChosenEdition()
  const {
    data: entries,
    error,
    reload: refresh,
  } = useApiRead((signal) => services.api.listWaitingList({ signal }, { edition }), [services, edition])

  return (
    <Stack spacing={2} sx={{ p: 2 }}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        <Typography variant="h5" component="h1">
          {phrase(t('waitingList.heading'))}
        </Typography>
        <Button variant="outlined" onClick={refresh}>
          {phrase(t('waitingList.refresh'))}
        </Button>
      </Stack>
      <EditionPicker />
      <Typography>{t('waitingList.lead')}</Typography>
      <ErrorAlert error={error} />
      {entries === undefined && error === undefined && (
        <Typography role="status">{t('waitingList.loading')}</Typography>
      )}
      {entries &&
        registrationTiers.map((tier) => {
          const ofTier = entries.filter((entry) => entry.registrationTier === tier)
          return ofTier.length === 0 ? null : <TierList key={tier} tier={tier} entries={ofTier} />
        })}
      {entries?.length === 0 && <Typography>{t('waitingList.empty')}</Typography>}
    </Stack>
  )
}

const columns = ['position', 'badgeName', 'email', 'status', 'deadline'] as const

function TierList({ tier, entries }: { tier: string; entries: AdminWaitingListEntry[] }) {
  const phrase = usePhrases()
  const { t } = useTranslation('reception')
  const { lang = 'ja' } = useParams()
  const language = isLanguage(lang) ? lang : 'ja'
  const headingId = `waiting-list-${tier}`
  const offers = entries.filter((entry) => entry.status === 'offered').length
  const waiting = entries.filter((entry) => entry.status === 'waiting').length
  return (
    <Card component="section" aria-labelledby={headingId}>
      <CardContent>
        <Typography variant="h6" component="h2" id={headingId}>
          {phrase(t(`domain:registrationTier.${tier}`))}
        </Typography>
        <Typography variant="body2" sx={{ mb: 1 }}>
          {t('waitingList.counts', { offers, waiting })}
        </Typography>
        <TableContainer sx={scrollShadows('default')}>
          <Table size="small" aria-labelledby={headingId}>
            <TableHead>
              <TableRow>
                {columns.map((column) => (
                  <TableCell key={column} component="th" scope="col">
                    {t(`waitingList.${column}`)}
                  </TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {entries.map((entry) => (
                <TableRow key={entry.entryId}>
                  <TableCell>{entry.position ?? '—'}</TableCell>
                  <TableCell>{entry.badgeName}</TableCell>
                  <TableCell>{entry.email ?? '—'}</TableCell>
                  <TableCell>
                    <Chip
                      size="small"
                      variant={entry.status === 'offered' ? 'filled' : 'outlined'}
                      color={entry.status === 'offered' ? 'primary' : 'default'}
                      label={t(`waitingList.statuses.${entry.status}`)}
                    />
                  </TableCell>
                  <TableCell>
                    {entry.status === 'offered' && entry.offerExpiresAt !== undefined
                      ? formatInstant(entry.offerExpiresAt, language, { zoneInHeader: true })
                      : '—'}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      </CardContent>
    </Card>
  )
}
