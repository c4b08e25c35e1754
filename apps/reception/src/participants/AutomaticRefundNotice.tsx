import type { AutomaticRefund } from '@furfes/core'
import { Alert } from '@mui/material'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useServices } from '../app/services.tsx'
import { formatTime, formatYen } from '../layout/format.ts'

/**
 * A payment for this registration that could not buy it and was given back in full by itself (decision 141):
 * staff see what was refunded, why and when, or that it is still owed or was refused.
 */
export function AutomaticRefundNotice({ registrationId }: { registrationId: string }) {
  const { t, i18n } = useTranslation('reception')
  const services = useServices()
  const language = i18n.language === 'en' ? 'en' : 'ja'
  const [refund, setRefund] = useState<AutomaticRefund | undefined>()

  useEffect(() => {
    let active = true
    services.api.getRefundQuote(registrationId).then(
      (quote) => {
        if (active) setRefund(quote.automaticRefund)
      },
      (error: unknown) => {
        services.reportError(error, { where: 'automatic-refund-notice', registrationId })
      },
    )
    return () => {
      active = false
    }
  }, [services, registrationId])

  if (!refund) return null
  const values = {
    amount: formatYen(refund.amountJpy, language),
    reason: t(`automaticRefund.reason.${refund.reason}`),
    time: formatTime(refund.refundedAt ?? refund.owedAt, language, services.clock()),
  }
  return (
    <Alert severity={refund.status === 'refused' ? 'error' : 'info'} role="status" sx={{ mb: 2 }}>
      {t(`automaticRefund.${refund.status}`, values)}
    </Alert>
  )
}
