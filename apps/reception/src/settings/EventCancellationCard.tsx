import { type EventCancellationDryRun, type EventCancellationRun, readWholeNumber } from '@furfes/core'
import { ErrorAlert, usePhrases } from '@furfes/ui'
import {
  Alert,
  Button,
  Card,
  CardContent,
  LinearProgress,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material'
import { type FormEvent, useCallback, useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useServices } from '../app/services.tsx'
import { formatYen } from '../layout/format.ts'

/** How often a running refund's progress is asked for. */
const pollMs = 1000

/**
 * The event-cancelled refund (decision 113): the per-person expenses, a dry run with totals, then the run with
 * its progress. The run goes on on the server whether this screen stays open or not.
 */
export function EventCancellationCard({ onStarted }: { onStarted?: () => void } = {}) {
  const phrase = usePhrases()
  const { t, i18n } = useTranslation(['reception', 'domain'])
  const services = useServices()
  const language = i18n.language === 'en' ? 'en' : 'ja'
  const yen = (value: number) => formatYen(value, language)
  const [expenses, setExpenses] = useState('')
  const [touched, setTouched] = useState(false)
  const [dryRun, setDryRun] = useState<EventCancellationDryRun | undefined>(undefined)
  const [confirming, setConfirming] = useState(false)
  const [run, setRun] = useState<EventCancellationRun | null | undefined>(undefined)
  const [error, setError] = useState<unknown>(undefined)
  const [busy, setBusy] = useState(false)

  const refresh = useCallback(async () => {
    try {
      setRun(await services.api.getEventCancellation())
    } catch (failure) {
      setError(failure)
    }
  }, [services])

  useEffect(() => {
    void refresh()
  }, [refresh])

  useEffect(() => {
    if (run?.status !== 'running') return
    const timer = setTimeout(() => void refresh(), pollMs)
    return () => clearTimeout(timer)
  }, [run, refresh])

  // Fullwidth digits and thousands separators read as the number meant.
  const typed = readWholeNumber(expenses)
  const valid = typed !== undefined && typed >= 0
  const amount = typed ?? 0

  const onDryRun = async (event: FormEvent) => {
    event.preventDefault()
    setTouched(true)
    if (!valid) return
    setBusy(true)
    setError(undefined)
    setConfirming(false)
    try {
      setDryRun(await services.api.dryRunEventCancellation(amount))
    } catch (failure) {
      setError(failure)
    } finally {
      setBusy(false)
    }
  }

  const onRun = async () => {
    if (!dryRun) return
    setBusy(true)
    setError(undefined)
    try {
      setRun(await services.api.startEventCancellation(dryRun.expensesPerPersonJpy))
      onStarted?.()
      setConfirming(false)
      setDryRun(undefined)
    } catch (failure) {
      setError(failure)
    } finally {
      setBusy(false)
    }
  }

  const running = run?.status === 'running'

  return (
    <Card component="section" aria-labelledby="event-cancellation-heading">
      <CardContent>
        <Stack spacing={2}>
          <Typography variant="h6" component="h2" id="event-cancellation-heading">
            {phrase(t('eventCancellation.heading'))}
          </Typography>
          <Typography>{t('eventCancellation.intro')}</Typography>
          {run && (
            <Stack spacing={1} role="status" aria-live="polite">
              <Typography>
                {t(running ? 'eventCancellation.running' : 'eventCancellation.finished', {
                  refunded: run.refunded,
                  total: run.totalRegistrations,
                  failed: run.failed,
                  expenses: yen(run.expensesPerPersonJpy),
                })}
              </Typography>
              <LinearProgress
                variant="determinate"
                aria-label={t('eventCancellation.progress')}
                // Payments that land during the run are refunded too, so refunded may pass the starting total.
                value={
                  run.totalRegistrations === 0
                    ? 100
                    : Math.min(100, (100 * run.refunded) / run.totalRegistrations)
                }
              />
              {run.failed > 0 && <Alert severity="warning">{t('eventCancellation.failedHint')}</Alert>}
              {run.lastError && (
                <Typography variant="body2">
                  {t('eventCancellation.lastError', { error: run.lastError })}
                </Typography>
              )}
            </Stack>
          )}
          {!running && (
            <Stack component="form" spacing={2} onSubmit={(event) => void onDryRun(event)} noValidate>
              <TextField
                label={t('eventCancellation.expenses')}
                value={expenses}
                onChange={(event) => {
                  setExpenses(event.target.value)
                  setDryRun(undefined)
                  setConfirming(false)
                }}
                inputMode="numeric"
                required
                error={touched && !valid}
                helperText={
                  touched && !valid
                    ? t('eventCancellation.expensesInvalid')
                    : t('eventCancellation.expensesHelp')
                }
              />
              <div>
                <Button type="submit" variant="outlined" disabled={busy}>
                  {phrase(t('eventCancellation.dryRun'))}
                </Button>
              </div>
            </Stack>
          )}
          {dryRun && !running && (
            <Stack spacing={2}>
              <Table size="small" aria-label={t('eventCancellation.totals')}>
                <TableHead>
                  <TableRow>
                    <TableCell>{t('eventCancellation.tier')}</TableCell>
                    <TableCell align="right">{t('eventCancellation.count')}</TableCell>
                    <TableCell align="right">{t('eventCancellation.gross')}</TableCell>
                    <TableCell align="right">{t('eventCancellation.refund')}</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {dryRun.tiers.map((tier) => (
                    <TableRow key={tier.registrationTier}>
                      <TableCell component="th" scope="row">
                        {t(`domain:registrationTier.${tier.registrationTier}`)}
                      </TableCell>
                      <TableCell align="right">{tier.paidRegistrations}</TableCell>
                      <TableCell align="right">{yen(tier.grossJpy)}</TableCell>
                      <TableCell align="right">{yen(tier.refundTotalJpy)}</TableCell>
                    </TableRow>
                  ))}
                  <TableRow>
                    <TableCell component="th" scope="row">
                      {t('eventCancellation.all')}
                    </TableCell>
                    <TableCell align="right">{dryRun.paidRegistrations}</TableCell>
                    <TableCell align="right">{yen(dryRun.grossJpy)}</TableCell>
                    <TableCell align="right">{yen(dryRun.refundTotalJpy)}</TableCell>
                  </TableRow>
                </TableBody>
              </Table>
              <Typography>
                {t('eventCancellation.kept', {
                  expenses: yen(dryRun.expensesTotalJpy),
                  perPerson: yen(dryRun.expensesPerPersonJpy),
                })}
              </Typography>
              {confirming ? (
                <Alert
                  severity="error"
                  action={
                    <Stack direction="row" spacing={1}>
                      <Button onClick={() => setConfirming(false)} disabled={busy}>
                        {phrase(t('refund.back'))}
                      </Button>
                      <Button color="error" variant="contained" onClick={() => void onRun()} disabled={busy}>
                        {phrase(t('eventCancellation.confirm'))}
                      </Button>
                    </Stack>
                  }
                >
                  {t('eventCancellation.confirmText', {
                    count: dryRun.paidRegistrations,
                    amount: yen(dryRun.refundTotalJpy),
                  })}
                </Alert>
              ) : (
                <div>
                  <Button color="error" variant="contained" onClick={() => setConfirming(true)}>
                    {phrase(t('eventCancellation.run'))}
                  </Button>
                </div>
              )}
            </Stack>
          )}
          <ErrorAlert error={error} />
        </Stack>
      </CardContent>
    </Card>
  )
}
