import { isStripePaymentId, type Participant, paymentStatuses, registrationTiers } from '@furfes/core'
import { ErrorAlert, scrollShadows, usePhrases } from '@furfes/ui'
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
  TablePagination,
  TableRow,
  TableSortLabel,
  TextField,
  Typography,
} from '@mui/material'
import { useDeferredValue, useEffect, useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useReceptionSnapshot } from '../app/hooks.ts'
import { useServices } from '../app/services.tsx'
import { useStaffAccess } from '../auth/staff-access.tsx'
import type { RegistrationCheckIn } from '../data/check-ins.ts'
import { EditionPicker } from '../editions/EditionPicker.tsx'
import { addressInEdition, usePastEdition } from '../editions/past-edition.ts'
import { formatTime } from '../layout/format.ts'
import { ComplimentaryDialog } from './ComplimentaryDialog.tsx'
import { checkInsCsv, csvFileName, participantsCsv, refundsCsv } from './csv.ts'
import { ParticipantDialog } from './ParticipantDialog.tsx'
import {
  defaultSort,
  filterParticipants,
  noFilters,
  type ParticipantFilters,
  type ParticipantSort,
  prepareSearch,
  type SortColumn,
  sortParticipants,
} from './search.ts'

/** Page sizes on offer: a tablet shows about 25 rows without scrolling. */
const pageSizes = [25, 50, 100]

const noCheckIns: ReadonlyMap<string, RegistrationCheckIn> = new Map()

const columns: readonly SortColumn[] = ['badgeName', 'handleName', 'email', 'tier', 'payment', 'checkIn']

/** The filters chosen from a list (all but the search), each with the id its select's label is made from. */
type ChoiceFilter = Exclude<keyof ParticipantFilters, 'query'>
const choiceFilters: readonly (readonly [ChoiceFilter, string])[] = [
  ['tier', 'tier'],
  ['payment', 'payment'],
  ['checkIn', 'check-in'],
]

/**
 * Every participant, searchable, filterable and sortable by any column, a page at a time (thousands fit), with
 * the participant and check-in CSVs and the way to the badge sheets.
 */
export function ParticipantsPage() {
  const phrase = usePhrases()
  const { t, i18n } = useTranslation(['reception', 'domain'])
  const services = useServices()
  const access = useStaffAccess()
  // The door sees no e-mail addresses: only the desk and the committee look after one participant.
  const showEmail = access.may('viewParticipantDetails')
  const shownColumns = showEmail ? columns : columns.filter((column) => column !== 'email')
  const current = useReceptionSnapshot()
  // A past edition chosen by the committee is read from the API; the device's snapshot stays the current one.
  const { edition, view: snapshot, error: pastError } = usePastEdition(current)
  const [filters, setFilters] = useState<ParticipantFilters>(noFilters)
  const deferred = useDeferredValue(filters)
  const [sort, setSort] = useState<ParticipantSort>(defaultSort)
  const [page, setPage] = useState(0)
  const [pageSize, setPageSize] = useState(pageSizes[0] as number)
  const [complimentaryOpen, setComplimentaryOpen] = useState(false)
  const [selected, setSelected] = useState<string | undefined>(undefined)
  const language = i18n.language === 'en' ? 'en' : 'ja'
  const now = services.clock()

  // Sorted once per snapshot and order; each keystroke only filters the sorted list. Check-ins arrive all day
  // long and change the order only when it is by check-in.
  const checkInsForSort = sort.column === 'checkIn' ? snapshot.checkInsByRegistration : noCheckIns
  const sorted = useMemo(
    () => sortParticipants(snapshot.participants, sort, checkInsForSort),
    [snapshot.participants, checkInsForSort, sort],
  )
  // A new snapshot is folded for search while nobody types.
  useEffect(() => prepareSearch(snapshot.participants), [snapshot.participants])
  // A pasted Stripe payment id is looked up by the API and searched as the registration id it answers.
  const payment = usePaymentSearch(deferred.query, edition)
  const searched = useMemo(
    () =>
      payment.paymentId === undefined
        ? deferred
        : { ...deferred, query: payment.registrationId ?? payment.paymentId },
    [deferred, payment.paymentId, payment.registrationId],
  )
  const results = useMemo(
    () => filterParticipants(sorted, searched, snapshot.checkInsByRegistration),
    [sorted, searched, snapshot.checkInsByRegistration],
  )
  // A page past the end (new check-ins or a sync shrank the filtered list) shows the last one.
  const lastPage = Math.max(0, Math.ceil(results.length / pageSize) - 1)
  const shownPage = Math.min(page, lastPage)
  const selectedParticipant = selected === undefined ? undefined : snapshot.participantsByUserId.get(selected)

  const download = () => {
    services.download(
      participantsCsv(results, snapshot.checkInsByRegistration),
      csvFileName(services.clock()),
    )
    // The list with e-mail addresses left the device: the audit trail says who took it (decision 157).
    services.api.reportExport('participants', results.length).catch((error: unknown) => {
      services.reportError(error, { what: 'Reporting the participant CSV download' })
    })
  }

  // The refunds live on the API alone (the snapshot has none): asked for, then saved like the other lists.
  const [refundsBusy, setRefundsBusy] = useState(false)
  const [refundsError, setRefundsError] = useState<unknown>()
  const downloadRefunds = async () => {
    setRefundsBusy(true)
    setRefundsError(undefined)
    try {
      const refunds = await services.api.listRefunds(undefined, edition)
      services.download(refundsCsv(refunds), csvFileName(services.clock(), 'refunds'))
      services.api.reportExport('refunds', refunds.length).catch((error: unknown) => {
        services.reportError(error, { what: 'Reporting the refunds CSV download' })
      })
    } catch (error) {
      setRefundsError(error)
    } finally {
      setRefundsBusy(false)
    }
  }

  const downloadCheckIns = () => {
    services.download(
      checkInsCsv(snapshot.checkIns, snapshot.participantsByRegistrationId),
      csvFileName(services.clock(), 'check-ins'),
    )
  }

  // A new order or search starts at the first page.
  const sortBy = (column: SortColumn) => {
    setSort((current) => ({
      column,
      direction: current.column === column && current.direction === 'asc' ? 'desc' : 'asc',
    }))
    setPage(0)
  }

  const set = (patch: Partial<ParticipantFilters>) => {
    setFilters((current) => ({ ...current, ...patch }))
    setPage(0)
  }

  // What each select offers, as value and label, "all" first.
  const filterOptions: {
    [Filter in ChoiceFilter]: readonly (readonly [ParticipantFilters[Filter], string])[]
  } = {
    tier: [
      ['all', t('participants.filter.all')],
      ...registrationTiers.map((tier) => [tier, t(`domain:registrationTier.${tier}`)] as const),
      ['none', t('domain:registrationTier.not_registered')],
    ],
    payment: [
      ['all', t('participants.filter.all')],
      ...paymentStatuses.map((status) => [status, t(`domain:paymentStatus.${status}`)] as const),
    ],
    checkIn: [
      ['all', t('participants.filter.all')],
      ['checkedIn', t('participants.checkedIn')],
      ['notCheckedIn', t('participants.notCheckedIn')],
    ],
  }

  return (
    <Stack spacing={2} sx={{ p: 2 }}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography variant="h5" component="h1">
          {phrase(t('participants.heading'))}
        </Typography>
        <Box sx={{ flexGrow: 1 }} />
        <Typography>
          {t('participants.count', { count: results.length, total: snapshot.participants.length })}
        </Typography>
        {access.may('exportWithEmail') && (
          <>
            <Button variant="contained" onClick={download} disabled={results.length === 0}>
              {phrase(t('participants.downloadCsv'))}
            </Button>
            <Button variant="outlined" onClick={downloadCheckIns} disabled={snapshot.checkIns.length === 0}>
              {phrase(t('participants.downloadCheckInsCsv'))}
            </Button>
            <Button variant="outlined" onClick={() => void downloadRefunds()} disabled={refundsBusy}>
              {phrase(t('participants.downloadRefundsCsv'))}
            </Button>
          </>
        )}
        {access.may('registerComplimentary') && (
          <>
            <Button variant="outlined" onClick={() => setComplimentaryOpen(true)}>
              {phrase(t('complimentaryForm.open'))}
            </Button>
            <ComplimentaryDialog open={complimentaryOpen} onClose={() => setComplimentaryOpen(false)} />
          </>
        )}
        {access.may('reprintBadge') && (
          <Button variant="outlined" href={addressInEdition(`/${language}/admin/badges`, edition)}>
            {phrase(t('badges.open'))}
          </Button>
        )}
      </Stack>
      <EditionPicker />
      <ErrorAlert error={pastError} />
      <Stack direction="row" spacing={2} sx={{ flexWrap: 'wrap', rowGap: 2 }}>
        <TextField
          label={t('participants.search')}
          type="search"
          value={filters.query}
          onChange={(event) => set({ query: event.target.value })}
          helperText={
            payment.looking ? t('participants.paymentSearching') : t('participants.paymentSearchHint')
          }
          sx={{ minWidth: 280, flexGrow: 1 }}
        />
        {choiceFilters.map(([filter, id]) => (
          <FilterSelect
            key={filter}
            id={id}
            label={t(`participants.filter.${filter}`)}
            value={filters[filter]}
            onChange={(value) => set({ [filter]: value } as Partial<ParticipantFilters>)}
            options={filterOptions[filter]}
          />
        ))}
        {/* The end of the day's question, who paid and has not come, in one press rather than two selects. */}
        <Button
          variant="outlined"
          aria-pressed={filters.payment === 'paid' && filters.checkIn === 'notCheckedIn'}
          onClick={() => set({ payment: 'paid', checkIn: 'notCheckedIn' })}
        >
          {phrase(t('participants.filter.paidNotCheckedIn'))}
        </Button>
      </Stack>
      <ErrorAlert error={payment.error} />
      <ErrorAlert error={refundsError} />
      {snapshot.participants.length === 0 && <Typography>{t('participants.empty')}</Typography>}
      {results.length > 0 && (
        <TableContainer sx={scrollShadows('default')}>
          <Table size="small" aria-label={t('participants.heading')}>
            <TableHead>
              <TableRow>
                {shownColumns.map((column) => (
                  <TableCell key={column} sortDirection={sort.column === column ? sort.direction : false}>
                    <TableSortLabel
                      active={sort.column === column}
                      direction={sort.column === column ? sort.direction : 'asc'}
                      onClick={() => sortBy(column)}
                    >
                      {t(`participants.column.${column}`)}
                    </TableSortLabel>
                  </TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {results.slice(shownPage * pageSize, (shownPage + 1) * pageSize).map((participant) => (
                <ParticipantRow
                  key={participant.user.userId}
                  participant={participant}
                  checkInText={checkInText(participant)}
                  showEmail={showEmail}
                  onOpen={() => setSelected(participant.user.userId)}
                />
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      {results.length > 0 && (
        <TablePagination
          component="div"
          count={results.length}
          page={shownPage}
          onPageChange={(_event, next) => setPage(next)}
          rowsPerPage={pageSize}
          rowsPerPageOptions={pageSizes}
          onRowsPerPageChange={(event) => {
            setPageSize(Number(event.target.value))
            setPage(0)
          }}
          labelRowsPerPage={t('participants.paging.rowsPerPage')}
          labelDisplayedRows={({ from, to, count }) => t('participants.paging.shown', { from, to, count })}
          getItemAriaLabel={(type) => t(`participants.paging.${type}`)}
          showFirstButton
          showLastButton
        />
      )}
      {selectedParticipant && (
        <ParticipantDialog
          participant={selectedParticipant}
          checkIns={snapshot.checkInsByRegistration}
          readOnly={edition !== undefined}
          onClose={() => setSelected(undefined)}
        />
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

/**
 * The registration a Stripe payment id in the search paid (docs/decisions/191-desk-payments-and-receipts.md),
 * asked of the API: the list carries no payment ids. Undefined fields until it answers; its refusal (no such
 * payment, or no network) as `error`.
 */
function usePaymentSearch(query: string, edition: string | undefined) {
  const services = useServices()
  const paymentId = isStripePaymentId(query) ? query.trim() : undefined
  const asked = paymentId === undefined ? undefined : `${edition ?? ''} ${paymentId}`
  const [answer, setAnswer] = useState<{ asked: string; registrationId?: string; error?: unknown }>()
  useEffect(() => {
    if (paymentId === undefined || asked === undefined) return
    let current = true
    services.api.findRegistrationByPayment(paymentId, undefined, edition).then(
      (registrationId) => current && setAnswer({ asked, registrationId }),
      (error: unknown) => current && setAnswer({ asked, error }),
    )
    return () => {
      current = false
    }
  }, [asked, paymentId, edition, services])
  const shown = answer !== undefined && answer.asked === asked ? answer : undefined
  return {
    paymentId,
    registrationId: shown?.registrationId,
    error: shown?.error,
    looking: paymentId !== undefined && shown === undefined,
  }
}

function ParticipantRow(props: {
  participant: Participant
  checkInText: string | undefined
  showEmail: boolean
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
        {participant.attention?.flagged && (
          <Chip size="small" color="warning" label={t('scan.attention')} title={participant.attention.note} />
        )}
        {registration?.paymentStatus !== 'pending' && registration?.complimentary && (
          <Chip size="small" label={t(`participants.complimentary.${registration.complimentary}`)} />
        )}
        {registration?.accessNeeds && (
          <Chip
            size="small"
            color="info"
            label={t('participants.accessNeedsChip')}
            title={registration.accessNeeds}
          />
        )}
      </TableCell>
      <TableCell>{participant.profile?.handleName}</TableCell>
      {props.showEmail && <TableCell>{participant.user.email}</TableCell>}
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
