import { type Refund, type RefundQuote, readWholeNumber } from '@furfes/core'
import { ErrorAlert, usePhrases } from '@furfes/ui'
import {
  Alert,
  Button,
  Checkbox,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  FormControlLabel,
  Stack,
  TextField,
} from '@mui/material'
import { useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useServices } from '../app/services.tsx'
import type { StoredCheckIn } from '../data/check-ins.ts'
import { formatTime, formatYen } from '../layout/format.ts'

type Step =
  | { kind: 'loading' }
  | { kind: 'load_failed'; error: unknown }
  | { kind: 'form'; quote: RefundQuote }
  | { kind: 'confirm'; quote: RefundQuote; amountJpy: number; reason: string }
  | { kind: 'sending'; quote: RefundQuote; amountJpy: number; reason: string }
  | { kind: 'failed'; quote: RefundQuote; amountJpy: number; reason: string; error: unknown }
  | { kind: 'done'; refund: Refund }

/**
 * Cancel and refund a paid registration (decision 111): the policy amount for today, which staff may change
 * with a reason, then a confirmation. One idempotency key per dialog, so a double click or a retry after a
 * lost answer refunds once; after a refusal the same button tries again. Someone already checked in is in
 * the venue: the dialog says when and where throughout, and the confirmation needs staff to acknowledge it.
 */
export function RefundDialog({
  registrationId,
  name,
  checkIn,
  onClose,
}: {
  registrationId: string
  name: string
  /** The person's check-in in force, as this device knows it. */
  checkIn?: StoredCheckIn | undefined
  onClose: () => void
}) {
  const phrase = usePhrases()
  const { t, i18n } = useTranslation('reception')
  const services = useServices()
  const language = i18n.language === 'en' ? 'en' : 'ja'
  const [step, setStep] = useState<Step>({ kind: 'loading' })
  const [amount, setAmount] = useState('')
  const [reason, setReason] = useState('')
  const [touched, setTouched] = useState(false)
  const [checkInAcknowledged, setCheckInAcknowledged] = useState(false)
  const idempotencyKey = useRef(crypto.randomUUID())

  useEffect(() => {
    let active = true
    services.api.getRefundQuote(registrationId).then(
      (quote) => {
        if (!active) return
        setAmount(String(quote.policyRefundJpy))
        setStep({ kind: 'form', quote })
      },
      (error: unknown) => {
        if (active) setStep({ kind: 'load_failed', error })
      },
    )
    return () => {
      active = false
    }
  }, [services, registrationId])

  const yen = (value: number) => formatYen(value, language)

  // Fullwidth digits and thousands separators read as the number meant; a negative one is no amount.
  const amountJpy = readWholeNumber(amount)
  const amountProblem = (quote: RefundQuote): string | undefined => {
    if (amountJpy === undefined || amountJpy < 0) return t('refund.amountInvalid')
    if (amountJpy > quote.feeJpy) return t('refund.amountTooLarge', { fee: yen(quote.feeJpy) })
    return undefined
  }
  const needsReason = (quote: RefundQuote) =>
    amountJpy !== undefined && amountJpy >= 0 && amountJpy !== quote.policyRefundJpy

  async function send(quote: RefundQuote, amountJpy: number, reasonText: string) {
    setStep({ kind: 'sending', quote, amountJpy, reason: reasonText })
    try {
      const refund = await services.api.refundRegistration(registrationId, {
        idempotencyKey: idempotencyKey.current,
        amountJpy,
        ...(reasonText.trim() === '' ? {} : { reason: reasonText.trim() }),
      })
      setStep({ kind: 'done', refund })
      // The next snapshot marks the registration canceled, so its code stops verifying at the door.
      void services.sync.sync({ refreshSnapshot: true }).catch((error: unknown) => {
        services.reportError(error, { where: 'refund-dialog-sync' })
      })
    } catch (error) {
      setStep({ kind: 'failed', quote, amountJpy, reason: reasonText, error })
    }
  }

  const title = t('refund.title', { name })

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="refund-dialog-title">
      <DialogTitle id="refund-dialog-title">{title}</DialogTitle>
      <DialogContent>
        {checkIn && step.kind !== 'done' && (
          <Alert severity="warning" sx={{ mb: 2 }}>
            {t('refund.checkedIn', {
              name,
              time: formatTime(checkIn.checkedInAt, language, services.clock()),
              device: checkIn.deviceName ?? checkIn.deviceId,
            })}
          </Alert>
        )}
        {step.kind === 'loading' && <CircularProgress aria-label={t('refund.loading')} />}
        {step.kind === 'load_failed' && <ErrorAlert error={step.error} />}
        {step.kind === 'form' && (
          <Stack
            component="form"
            id="refund-form"
            spacing={2}
            noValidate
            onSubmit={(event) => {
              event.preventDefault()
              setTouched(true)
              if (amountProblem(step.quote)) return
              if (needsReason(step.quote) && reason.trim() === '') return
              setStep({ kind: 'confirm', quote: step.quote, amountJpy: amountJpy ?? 0, reason })
            }}
          >
            <DialogContentText>
              {t(`refund.policy.${step.quote.policyPeriod}`, {
                fee: yen(step.quote.feeJpy),
                percentage: step.quote.policyPercentage,
                amount: yen(step.quote.policyRefundJpy),
              })}
            </DialogContentText>
            <TextField
              label={t('refund.amount')}
              value={amount}
              onChange={(event) => setAmount(event.target.value)}
              inputMode="numeric"
              required
              error={touched && amountProblem(step.quote) !== undefined}
              helperText={(touched && amountProblem(step.quote)) || t('refund.amountHelp')}
            />
            {needsReason(step.quote) && (
              <TextField
                label={t('refund.reason')}
                value={reason}
                onChange={(event) => setReason(event.target.value)}
                required
                multiline
                minRows={2}
                error={touched && reason.trim() === ''}
                helperText={
                  touched && reason.trim() === '' ? t('refund.reasonRequired') : t('refund.reasonHelp')
                }
              />
            )}
          </Stack>
        )}
        {(step.kind === 'confirm' || step.kind === 'sending' || step.kind === 'failed') && (
          <Stack spacing={2}>
            <DialogContentText>
              {t('refund.confirm', { name, amount: yen(step.amountJpy) })}
            </DialogContentText>
            {step.reason.trim() !== '' && (
              <DialogContentText>
                {t('refund.confirmReason', { reason: step.reason.trim() })}
              </DialogContentText>
            )}
            {checkIn && (
              <FormControlLabel
                control={
                  <Checkbox
                    checked={checkInAcknowledged}
                    disabled={step.kind === 'sending'}
                    onChange={(event) => setCheckInAcknowledged(event.target.checked)}
                  />
                }
                label={t('refund.acknowledgeCheckIn')}
              />
            )}
            {step.kind === 'failed' && <ErrorAlert error={step.error} />}
          </Stack>
        )}
        {step.kind === 'done' && (
          <Alert severity="success" role="status">
            {t('refund.done', { name, amount: yen(step.refund.amountJpy) })}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        {step.kind === 'form' && (
          <Button type="submit" form="refund-form" variant="contained" color="warning">
            {phrase(t('refund.next'))}
          </Button>
        )}
        {(step.kind === 'confirm' || step.kind === 'sending' || step.kind === 'failed') && (
          <>
            <Button
              disabled={step.kind === 'sending'}
              onClick={() => {
                setStep({ kind: 'form', quote: step.quote })
              }}
            >
              {phrase(t('refund.back'))}
            </Button>
            <Button
              variant="contained"
              color="error"
              disabled={step.kind === 'sending' || (checkIn !== undefined && !checkInAcknowledged)}
              onClick={() => void send(step.quote, step.amountJpy, step.reason)}
            >
              {step.kind === 'failed' ? t('refund.retry') : t('refund.submit')}
            </Button>
          </>
        )}
        <Button onClick={onClose} disabled={step.kind === 'sending'}>
          {phrase(t('participants.close'))}
        </Button>
      </DialogActions>
    </Dialog>
  )
}
