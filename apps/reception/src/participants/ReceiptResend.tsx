import { ConfirmDialog, usePhrases } from '@furfes/ui'
import { Alert, Box, Button } from '@mui/material'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useServices } from '../app/services.tsx'

/**
 * Sends a paid registration's receipt mail again, after a confirmation (docs/decisions/191-desk-payments-and-
 * receipts.md): for a participant who lost it or never got it. The API queues it in the language the person
 * registered in; a refusal (the registration was canceled meanwhile) is shown in the question.
 */
export function ReceiptResend({ registrationId }: { registrationId: string }) {
  const phrase = usePhrases()
  const { t } = useTranslation('reception')
  const services = useServices()
  const [asking, setAsking] = useState(false)
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<unknown>()
  const [sent, setSent] = useState(false)

  async function resend() {
    setBusy(true)
    setError(undefined)
    try {
      await services.api.resendReceipt(registrationId)
      setSent(true)
      setAsking(false)
    } catch (refusal) {
      setError(refusal)
    } finally {
      setBusy(false)
    }
  }

  return (
    <Box sx={{ mt: 2 }}>
      {sent && (
        <Alert severity="success" sx={{ mb: 1 }}>
          {t('receiptResend.done')}
        </Alert>
      )}
      <Button
        variant="outlined"
        onClick={() => {
          setSent(false)
          setAsking(true)
        }}
      >
        {phrase(t('receiptResend.open'))}
      </Button>
      <ConfirmDialog
        id="receipt-resend-confirm"
        open={asking}
        title={t('receiptResend.title')}
        consequence={t('receiptResend.consequence')}
        keepLabel={t('receiptResend.keep')}
        confirmLabel={t('receiptResend.confirm')}
        busy={busy}
        error={error}
        onKeep={() => {
          setAsking(false)
          setError(undefined)
        }}
        onConfirm={() => void resend()}
      />
    </Box>
  )
}
