import { isPaymentUrlExpired } from '@furfes/core'
import { ErrorAlert, usePhrases } from '@furfes/ui'
import { Button, Typography } from '@mui/material'
import { useEffect, useState } from 'react'
import { useNavigate } from 'react-router'
import { useServices } from '../../app/services.tsx'
import { localizedPath } from '../../language.ts'
import { useLanguage } from '../../layout/useLanguage.ts'
import type { AccountServices } from '../account-services.ts'
import { Busy } from '../Busy.tsx'
import { useAccountTranslation } from '../i18n.ts'
import { AccountPage } from '../ui.tsx'

/**
 * payment-checkout: a stable address for "pay now" that sends the browser to the pending registration's
 * payment page (Stripe Checkout), replacing itself in the history so Back returns to where the user was.
 */
export default function PaymentCheckoutPage() {
  return (
    <AccountPage
      titleKey="payment-checkout"
      withAccount={(account) => <PaymentCheckout account={account} />}
    />
  )
}

function PaymentCheckout({ account }: { account: AccountServices }) {
  const phrase = usePhrases()
  const { t } = useAccountTranslation()
  const services = useServices()
  const language = useLanguage()
  const navigate = useNavigate()
  const [outcome, setOutcome] = useState<{ error?: unknown; nothingToPay?: boolean }>()
  useEffect(() => {
    if (account.session.getRefreshToken() === undefined) {
      void navigate(localizedPath(language, 'sign-in'), {
        replace: true,
        state: { returnTo: localizedPath(language, 'mypage/registration') },
      })
      return
    }
    let live = true
    account.cache.registration.load({ force: true }).then(
      (registration) => {
        if (!live) return
        if (registration?.paymentStatus === 'pending' && !isPaymentUrlExpired(registration, account.clock))
          services.replaceLocation(registration.paymentUrl)
        else setOutcome({ nothingToPay: true })
      },
      (error: unknown) => live && setOutcome({ error }),
    )
    return () => {
      live = false
    }
  }, [account, services, language, navigate])
  if (outcome === undefined) return <Busy label={t('paymentCheckout.redirecting')} />
  return (
    <>
      {outcome.error !== undefined && <ErrorAlert error={outcome.error} />}
      {outcome.nothingToPay && <Typography sx={{ mb: 2 }}>{t('paymentCheckout.nothingToPay')}</Typography>}
      <Button variant="contained" href={localizedPath(language, 'mypage/registration')}>
        {phrase(t('cancelRegistration.toRegistration'))}
      </Button>
    </>
  )
}
