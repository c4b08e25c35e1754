import { isLanguage, languageLocales } from '@furfes/core'
import { ErrorAlert, usePhrases } from '@furfes/ui'
import { FigureRow } from '@furfes/ui/figure-table'
import {
  Alert,
  Box,
  Button,
  LinearProgress,
  Paper,
  Stack,
  Table,
  TableBody,
  TableContainer,
  TableFooter,
  TableHead,
  Typography,
} from '@mui/material'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useApiRead } from '../app/api-read.ts'
import { useServices } from '../app/services.tsx'
import { EditionPicker } from '../editions/EditionPicker.tsx'
import { useChosenEdition } from '../editions/past-edition.ts'
import { formatTime } from '../layout/format.ts'
import { csvFileName } from '../participants/csv.ts'
import {
  ArrivalsAgainstExpectedChart,
  CheckInsPerSlotChart,
  RegistrationsPerDayChart,
} from './DashboardCharts.tsx'
import { type DashboardFigures, dashboardCsv, fromApi, type TierFigures } from './figures.ts'
import { GoodsFigures } from './GoodsFigures.tsx'
import { type DashboardState, useDashboardFigures } from './useDashboardFigures.ts'

const minute = 60_000

/** The time now, re-rendering every half minute so "N minutes ago" stays true between other updates. */
function useNow(): number {
  const { clock } = useServices()
  const [, setTick] = useState(0)
  useEffect(() => {
    const timer = setInterval(() => setTick((tick) => tick + 1), minute / 2)
    return () => clearInterval(timer)
  }, [])
  return clock()
}

const moneyColumns = ['revenueGrossJpy', 'revenueRefundedJpy', 'revenueNetJpy'] as const
const countColumns = ['capacity', 'paid', 'pending', 'spotsLeft', 'waiting'] as const
type Column = (typeof countColumns)[number] | (typeof moneyColumns)[number] | 'checkedIn'
const columns: readonly Column[] = [...countColumns, ...moneyColumns, 'checkedIn']

function total(tiers: readonly TierFigures[], column: Column): number | undefined {
  let sum = 0
  for (const tier of tiers) {
    const value = tier[column]
    if (value === undefined) return undefined
    sum += value
  }
  return sum
}

function TierTable({ figures }: { figures: DashboardFigures }) {
  const { t, i18n } = useTranslation(['reception', 'domain'])
  const locale = languageLocales[isLanguage(i18n.language) ? i18n.language : 'ja']
  const number = new Intl.NumberFormat(locale)
  const yen = new Intl.NumberFormat(locale, { style: 'currency', currency: 'JPY' })
  const show = (column: Column, value: number | undefined) =>
    value === undefined
      ? t('dashboard.unknown')
      : (moneyColumns as readonly string[]).includes(column)
        ? yen.format(value)
        : number.format(value)
  return (
    // Scrolls sideways on a phone; focusable so the keyboard can scroll it too.
    <TableContainer component={Paper} variant="outlined" tabIndex={0} aria-labelledby="dashboard-tiers">
      <Table size="small" aria-labelledby="dashboard-tiers">
        <TableHead>
          <FigureRow
            head
            label={t('dashboard.column.tier')}
            columns={columns}
            value={(column) => t(`dashboard.column.${column}`)}
          />
        </TableHead>
        <TableBody>
          {figures.tiers.map((tier) => (
            <FigureRow
              key={tier.registrationTier}
              label={t(`domain:registrationTier.${tier.registrationTier}`)}
              columns={columns}
              value={(column) => show(column, tier[column])}
              markColumns
            />
          ))}
        </TableBody>
        <TableFooter>
          <FigureRow
            label={t('dashboard.total')}
            columns={columns}
            value={(column) => show(column, total(figures.tiers, column))}
            markColumns
          />
        </TableFooter>
      </Table>
    </TableContainer>
  )
}

function Freshness({
  figures,
  now,
  unreachable,
}: {
  figures: DashboardFigures
  now: number
  unreachable: boolean
}) {
  const { t, i18n } = useTranslation('reception')
  const language = i18n.language === 'en' ? 'en' : 'ja'
  const at = (time: number | undefined) =>
    time === undefined
      ? t('dashboard.never')
      : t('dashboard.at', {
          time: formatTime(time, language, now),
          minutes: Math.max(0, Math.floor((now - time) / minute)),
        })
  if (figures.source === 'api') {
    return (
      <Typography data-testid="dashboard-freshness">
        {t('dashboard.fromApi', { at: at(figures.figuresAt) })}
      </Typography>
    )
  }
  if (!unreachable) {
    return <Typography data-testid="dashboard-freshness">{t('dashboard.asking')}</Typography>
  }
  return (
    <Alert severity="warning" data-testid="dashboard-freshness">
      {t('dashboard.fromDevice', { door: at(figures.doorAt), figures: at(figures.figuresAt) })}
    </Alert>
  )
}

/**
 * The committee's figures (decision 130): registration and money per tier, sign-ups per day, the door. Those of
 * the current edition, or of a past one the committee chose (decision 158).
 */
export function DashboardPage() {
  const edition = useChosenEdition()
  return edition === undefined ? <CurrentDashboard /> : <PastDashboard key={edition} edition={edition} />
}

function CurrentDashboard() {
  return <Dashboard state={useDashboardFigures()} />
}

/** A past edition's figures, from the API only: the device holds the current edition's. */
function PastDashboard({ edition }: { edition: string }) {
  const phrase = usePhrases()
  const { t } = useTranslation('reception')
  const services = useServices()
  const { data, error } = useApiRead(
    (signal) => services.api.getDashboard({ signal }, { edition }),
    [services, edition],
  )
  if (data) return <Dashboard state={{ figures: fromApi(data), loading: false, unreachable: false, error }} />
  return (
    <Stack spacing={2} sx={{ p: 2 }}>
      <Typography variant="h5" component="h1">
        {phrase(t('dashboard.heading'))}
      </Typography>
      <EditionPicker />
      {error === undefined && <LinearProgress aria-label={t('dashboard.loading')} />}
      <ErrorAlert error={error} />
    </Stack>
  )
}

function Dashboard({ state }: { state: DashboardState }) {
  const phrase = usePhrases()
  const { t, i18n } = useTranslation('reception')
  const services = useServices()
  const { figures, loading, unreachable, error } = state
  const now = useNow()
  const locale = languageLocales[isLanguage(i18n.language) ? i18n.language : 'ja']
  const ratio = figures.paid === 0 ? 0 : Math.min(100, (figures.checkedIn / figures.paid) * 100)

  return (
    <Stack spacing={3} sx={{ p: 2, minWidth: 0 }}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
        <Typography variant="h5" component="h1">
          {phrase(t('dashboard.heading'))}
        </Typography>
        <Box sx={{ flexGrow: 1 }} />
        <Button
          variant="contained"
          onClick={() => services.download(dashboardCsv(figures), csvFileName(services.clock(), 'dashboard'))}
        >
          {phrase(t('dashboard.downloadCsv'))}
        </Button>
      </Stack>
      <EditionPicker />
      {loading && <LinearProgress aria-label={t('dashboard.loading')} />}
      <Freshness figures={figures} now={now} unreachable={unreachable} />
      <ErrorAlert error={error} />

      <Box component="section" aria-labelledby="dashboard-door">
        <Typography id="dashboard-door" variant="h6" component="h2" gutterBottom>
          {phrase(t('dashboard.door'))}
        </Typography>
        <Typography variant="h3" component="p" data-testid="dashboard-checked-in">
          {t('dashboard.checkedInOfPaid', {
            checkedIn: new Intl.NumberFormat(locale).format(figures.checkedIn),
            paid: new Intl.NumberFormat(locale).format(figures.paid),
          })}
        </Typography>
        <LinearProgress
          variant="determinate"
          value={ratio}
          aria-label={t('dashboard.checkedInShare')}
          sx={{ height: 10, borderRadius: 5, my: 1 }}
        />
      </Box>
      <CheckInsPerSlotChart slots={figures.checkInsPerSlot} />
      <ArrivalsAgainstExpectedChart slots={figures.checkInsPerSlot} expected={figures.paid} />

      <Box component="section" aria-labelledby="dashboard-tiers">
        <Typography id="dashboard-tiers" variant="h6" component="h2" gutterBottom>
          {phrase(t('dashboard.perTier'))}
        </Typography>
        <TierTable figures={figures} />
        {figures.complimentary.length > 0 && (
          <Typography sx={{ mt: 1 }} data-testid="dashboard-complimentary">
            {t('dashboard.complimentary', {
              paid: new Intl.NumberFormat(locale).format(figures.paid),
              complimentary: new Intl.NumberFormat(locale).format(
                figures.complimentary.reduce((sum, { paid }) => sum + paid, 0),
              ),
              kinds: figures.complimentary
                .map(({ kind, paid }) =>
                  t(`dashboard.complimentaryKind.${kind}`, {
                    count: new Intl.NumberFormat(locale).format(paid),
                  }),
                )
                .join(t('dashboard.listSeparator')),
            })}
          </Typography>
        )}
      </Box>
      <GoodsFigures figures={figures} />
      <RegistrationsPerDayChart days={figures.registrationsPerDay} />
    </Stack>
  )
}
