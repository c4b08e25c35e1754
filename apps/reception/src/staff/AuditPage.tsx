import { type AuditQueryWire, formatInstant, isLanguage, staffAuditActions } from '@furfes/core'
import { ErrorAlert, scrollShadows, usePhrases } from '@furfes/ui'
import {
  Button,
  MenuItem,
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
import { type FormEvent, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useParams } from 'react-router'
import { useApiRead } from '../app/api-read.ts'
import { useServices } from '../app/services.tsx'
import { auditCsv, csvFileName } from '../participants/csv.ts'

const day = 24 * 60 * 60 * 1000

/** A `yyyy-mm-dd` day of the date field as the instant it starts in Japan, the event's time zone. */
const tokyoDayStart = (date: string) => Date.parse(`${date}T00:00:00+09:00`)

interface Filter {
  action: string
  actor: string
  from: string
  to: string
}

function queryOf(filter: Filter, cursor?: string): AuditQueryWire {
  const action = staffAuditActions.find((known) => known === filter.action)
  return {
    ...(action ? { action } : {}),
    ...(filter.actor.trim() ? { actor: filter.actor.trim() } : {}),
    ...(filter.from ? { from: new Date(tokyoDayStart(filter.from)).toISOString() } : {}),
    // The "to" day is included: entries before the next day's start.
    ...(filter.to ? { to: new Date(tokyoDayStart(filter.to) + day).toISOString() } : {}),
    ...(cursor ? { cursor } : {}),
  }
}

const emptyFilter: Filter = { action: '', actor: '', from: '', to: '' }

/*
 * The audit trail for the committee (docs/decisions/157-staff-audit-trail.md): who did what and when, newest
 * first, filtered by action, staff member and days (Japan time), read page by page, and downloaded as CSV.
 */
export function AuditPage() {
  const phrase = usePhrases()
  const { t } = useTranslation('reception')
  const { lang = 'ja' } = useParams()
  const language = isLanguage(lang) ? lang : 'ja'
  const services = useServices()
  const [draft, setDraft] = useState<Filter>(emptyFilter)
  const [filter, setFilter] = useState<Filter>(emptyFilter)
  const pages = useApiRead(
    (signal) => services.api.listAudit(queryOf(filter), { signal }),
    [services, filter],
  )
  const entries = pages.data?.items
  const nextCursor = pages.data?.nextCursor
  const [moreError, setMoreError] = useState<unknown>()
  const error = moreError ?? pages.error
  const [busy, setBusy] = useState(false)

  const loadMore = async () => {
    if (!nextCursor) return
    setBusy(true)
    setMoreError(undefined)
    try {
      const page = await services.api.listAudit(queryOf(filter, nextCursor))
      pages.setData({ ...page, items: [...(entries ?? []), ...page.items] })
    } catch (failure) {
      setMoreError(failure)
    } finally {
      setBusy(false)
    }
  }

  const download = () => {
    const shown = entries ?? []
    services.download(auditCsv(shown), csvFileName(services.clock(), 'audit'))
    services.api.reportExport('audit', shown.length).catch((failure: unknown) => {
      services.reportError(failure, { what: 'Reporting the audit CSV download' })
    })
  }

  const apply = (event: FormEvent) => {
    event.preventDefault()
    setMoreError(undefined)
    setFilter(draft)
  }
  const field = (name: keyof Filter) => ({
    value: draft[name],
    onChange: (event: { target: { value: string } }) =>
      setDraft((current) => ({ ...current, [name]: event.target.value })),
  })

  return (
    <Stack spacing={2} sx={{ p: 2 }}>
      <Typography variant="h5" component="h1">
        {phrase(t('audit.heading'))}
      </Typography>
      <Typography>{t('audit.lead')}</Typography>
      <Stack
        component="form"
        direction="row"
        spacing={2}
        useFlexGap
        sx={{ flexWrap: 'wrap', alignItems: 'center' }}
        aria-label={t('audit.filterLabel')}
        onSubmit={apply}
      >
        <TextField select size="small" label={t('audit.action')} sx={{ minWidth: 200 }} {...field('action')}>
          <MenuItem value="">{t('audit.anyAction')}</MenuItem>
          {staffAuditActions.map((action) => (
            <MenuItem key={action} value={action}>
              {t(`audit.actions.${action}`)}
            </MenuItem>
          ))}
        </TextField>
        <TextField size="small" label={t('audit.actor')} {...field('actor')} />
        <TextField
          size="small"
          type="date"
          label={t('audit.from')}
          slotProps={{ inputLabel: { shrink: true } }}
          {...field('from')}
        />
        <TextField
          size="small"
          type="date"
          label={t('audit.to')}
          slotProps={{ inputLabel: { shrink: true } }}
          {...field('to')}
        />
        <Button type="submit" variant="contained">
          {phrase(t('audit.apply'))}
        </Button>
        <Button variant="outlined" onClick={download} disabled={!entries?.length}>
          {phrase(t('audit.download'))}
        </Button>
      </Stack>
      <ErrorAlert error={error} />
      {entries === undefined && error === undefined && (
        <Typography role="status">{t('audit.loading')}</Typography>
      )}
      {entries?.length === 0 && <Typography>{t('audit.empty')}</Typography>}
      {entries !== undefined && entries.length > 0 && (
        // Wider than a phone and holding nothing to focus: the region itself takes the focus, so the keyboard can
        // scroll it.
        <TableContainer
          sx={scrollShadows('default')}
          role="region"
          aria-label={t('audit.tableLabel')}
          tabIndex={0}
        >
          <Table size="small" aria-label={t('audit.tableLabel')}>
            <TableHead>
              <TableRow>
                {(['at', 'actor', 'action', 'subject', 'details'] as const).map((column) => (
                  <TableCell key={column} component="th" scope="col">
                    {t(`audit.columns.${column}`)}
                  </TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {entries.map((entry) => (
                <TableRow key={entry.id}>
                  <TableCell>{formatInstant(entry.at, language, { zoneInHeader: true })}</TableCell>
                  <TableCell>{entry.actorEmail ?? entry.actorId}</TableCell>
                  <TableCell>{t(`audit.actions.${entry.action}`)}</TableCell>
                  <TableCell>{entry.subject}</TableCell>
                  <TableCell sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }}>
                    {JSON.stringify(entry.details)}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      {nextCursor && (
        <Button variant="outlined" loading={busy} onClick={() => void loadMore()} sx={{ alignSelf: 'start' }}>
          {phrase(t('audit.more'))}
        </Button>
      )}
    </Stack>
  )
}
