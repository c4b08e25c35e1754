import { type Participant, paymentStatuses, registrationTiers } from '@furfes/core'
import {
  Box,
  Button,
  Chip,
  FormControl,
  InputLabel,
  MenuItem,
  Select,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material'
import { useDeferredValue, useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useReceptionSnapshot } from '../app/hooks.ts'
import { useServices } from '../app/services.tsx'
import { formatTime } from '../layout/format.ts'
import { csvFileName, participantsCsv } from './csv.ts'
import { ParticipantDialog } from './ParticipantDialog.tsx'
import {
  type CheckInFilter,
  noFilters,
  type ParticipantFilters,
  type PaymentFilter,
  searchParticipants,
  type TierFilter,
} from './search.ts'

/** Rows drawn at once; a search narrows the rest down. */
const shownRows = 200

/** The admin dashboard of spec section 2: every participant, searchable and filterable, with CSV download. */
export function ParticipantsPage() {
  const { t, i18n } = useTranslation(['reception', 'domain'])
  const services = useServices()
  const snapshot = useReceptionSnapshot()
  const [filters, setFilters] = useState<ParticipantFilters>(noFilters)
  const deferred = useDeferredValue(filters)
  const [selected, setSelected] = useState<string | undefined>(undefined)
  const language = i18n.language === 'en' ? 'en' : 'ja'
  const now = services.clock()

  const results = useMemo(
    () => searchParticipants(snapshot.participants, deferred, snapshot.checkInsByRegistration),
    [snapshot, deferred],
  )
  const selectedParticipant = selected === undefined ? undefined : snapshot.participantsByUserId.get(selected)

  const download = () => {
    services.download(
      participantsCsv(results, snapshot.checkInsByRegistration),
      csvFileName(services.clock()),
    )
  }

  const set = (patch: Partial<ParticipantFilters>) => setFilters((current) => ({ ...current, ...patch }))

  return (
    <Stack spacing={2} sx={{ p: 2 }}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography variant="h5" component="h1">
          {t('participants.heading')}
        </Typography>
        <Box sx={{ flexGrow: 1 }} />
        <Typography>
          {t('participants.count', { count: results.length, total: snapshot.participants.length })}
        </Typography>
        <Button variant="contained" onClick={download} disabled={results.length === 0}>
          {t('participants.downloadCsv')}
        </Button>
      </Stack>
      <Stack direction="row" spacing={2} sx={{ flexWrap: 'wrap', rowGap: 2 }}>
        <TextField
          label={t('participants.search')}
          type="search"
          value={filters.query}
          onChange={(event) => set({ query: event.target.value })}
          sx={{ minWidth: 280, flexGrow: 1 }}
        />
        <FilterSelect
          id="tier"
          label={t('participants.filter.tier')}
          value={filters.tier}
          onChange={(tier) => set({ tier: tier as TierFilter })}
          options={[
            ['all', t('participants.filter.all')],
            ...registrationTiers.map((tier) => [tier, t(`domain:registrationTier.${tier}`)] as const),
            ['none', t('domain:registrationTier.not_registered')],
          ]}
        />
        <FilterSelect
          id="payment"
          label={t('participants.filter.payment')}
          value={filters.payment}
          onChange={(payment) => set({ payment: payment as PaymentFilter })}
          options={[
            ['all', t('participants.filter.all')],
            ...paymentStatuses.map((status) => [status, t(`domain:paymentStatus.${status}`)] as const),
          ]}
        />
        <FilterSelect
          id="check-in"
          label={t('participants.filter.checkIn')}
          value={filters.checkIn}
          onChange={(checkIn) => set({ checkIn: checkIn as CheckInFilter })}
          options={[
            ['all', t('participants.filter.all')],
            ['checkedIn', t('participants.checkedIn')],
            ['notCheckedIn', t('participants.notCheckedIn')],
          ]}
        />
      </Stack>
      {snapshot.participants.length === 0 && <Typography>{t('participants.empty')}</Typography>}
      {results.length > 0 && (
        <TableContainer>
          <Table size="small" aria-label={t('participants.heading')}>
            <TableHead>
              <TableRow>
                <TableCell>{t('participants.column.badgeName')}</TableCell>
                <TableCell>{t('participants.column.handleName')}</TableCell>
                <TableCell>{t('participants.column.email')}</TableCell>
                <TableCell>{t('participants.column.tier')}</TableCell>
                <TableCell>{t('participants.column.payment')}</TableCell>
                <TableCell>{t('participants.column.checkIn')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {results.slice(0, shownRows).map((participant) => (
                <ParticipantRow
                  key={participant.user.userId}
                  participant={participant}
                  checkInText={checkInText(participant)}
                  onOpen={() => setSelected(participant.user.userId)}
                />
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      {results.length > shownRows && (
        <Typography>{t('participants.truncated', { shown: shownRows, count: results.length })}</Typography>
      )}
      {selectedParticipant && (
        <ParticipantDialog participant={selectedParticipant} onClose={() => setSelected(undefined)} />
      )}
    </Stack>
  )

  function checkInText(participant: Participant): string | undefined {
    const registrationId = participant.registration?.registrationId
    const current =
      registrationId === undefined ? undefined : snapshot.checkInsByRegistration.get(registrationId)?.current
    return current
      ? t('participants.checkedInAt', {
          time: formatTime(current.checkedInAt, language, now),
          device: current.deviceName ?? current.deviceId,
        })
      : undefined
  }
}

function ParticipantRow(props: {
  participant: Participant
  checkInText: string | undefined
  onOpen: () => void
}) {
  const { t } = useTranslation(['reception', 'domain'])
  const { participant } = props
  const registration = participant.registration
  return (
    <TableRow hover>
      <TableCell>
        <Button onClick={props.onOpen} sx={{ textTransform: 'none', justifyContent: 'flex-start' }}>
          {registration?.badgeName ?? t('participants.noBadgeName')}
        </Button>
      </TableCell>
      <TableCell>{participant.profile?.handleName}</TableCell>
      <TableCell>{participant.user.email}</TableCell>
      <TableCell>
        {t(`domain:registrationTier.${registration?.registrationTier ?? 'not_registered'}`)}
      </TableCell>
      <TableCell>{registration && t(`domain:paymentStatus.${registration.paymentStatus}`)}</TableCell>
      <TableCell>
        {props.checkInText && <Chip size="small" color="success" label={props.checkInText} />}
      </TableCell>
    </TableRow>
  )
}

function FilterSelect(props: {
  id: string
  label: string
  value: string
  onChange: (value: string) => void
  options: readonly (readonly [string, string])[]
}) {
  const labelId = `filter-${props.id}-label`
  return (
    <FormControl sx={{ minWidth: 180 }}>
      <InputLabel id={labelId}>{props.label}</InputLabel>
      <Select
        labelId={labelId}
        label={props.label}
        value={props.value}
        onChange={(event) => props.onChange(event.target.value)}
      >
        {props.options.map(([value, label]) => (
          <MenuItem key={value} value={value}>
            {label}
          </MenuItem>
        ))}
      </Select>
    </FormControl>
  )
}
