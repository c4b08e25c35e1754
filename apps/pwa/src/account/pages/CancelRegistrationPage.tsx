import { ProductError, type Refund, type RefundQuote } from '@furfes/core'
import { ConfirmDialog, ErrorAlert, usePhrases } from '@furfes/ui'
import { Alert, Button, Stack, Typography } from '@mui/material'
import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react'
import { useNavigate } from 'react-router'
import { useServices } from '../../app/services.tsx'
import { formatYen } from '../../content/values.ts'
import { localizedPath } from '../../language.ts'
import { useLanguage } from '../../layout/useLanguage.ts'
import type { AccountServices } from '../account-services.ts'
import { Busy } from '../Busy.tsx'
import { useAccountTranslation } from '../i18n.ts'
import { AccountPage } from '../ui.tsx'

/**
 * cancel-registration: a paid participant cancels their own registration here, at the refund the policy gives
 * today (docs/decisions/165-participants-cancel-their-own-registration.md); an unpaid application is withdrawn on
 * the registration page, and anything else goes through the contact form.
 */
export default function CancelRegistrationPage() {
  return (
    <AccountPage
      titleKey="cancel-registration"
      withAccount={(account) => <CancelRegistration account={account} />}
    />
  )
}

type Step =
  | { kind: 'loading' }
  | { kind: 'loadFailed'; error: unknown }
  | { kind: 'quote'; quote: RefundQuote | null }
  | { kind: 'done'; refund: Refund }

function CancelRegistration({ account }: { account: AccountServices }) {
  const phrase = usePhrases()
  const { t, errorText } = useAccountTranslation()
  const language = useLanguage()
  const navigate = useNavigate()
  const [step, setStep] = useState<Step>({ kind: 'loading' })
  const [amountChanged, setAmountChanged] = useState(false)

  const load = useCallback(async () => {
    setStep({ kind: 'loading' })
    try {
      setStep({ kind: 'quote', quote: await account.api.getRegistrationCancellation() })
    } catch (error) {
      setStep({ kind: 'loadFailed', error })
    }
  }, [account])

  useEffect(() => {
    if (account.session.getRefreshToken() === undefined) {
      void navigate(localizedPath(language, 'sign-in'), {
        replace: true,
        state: { returnTo: localizedPath(language, 'cancel-registration') },
      })
      return
    }
    void load()
  }, [account, language, navigate, load])

  const links = (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ mt: 3 }}>
      <Button variant="outlined" href={localizedPath(language, 'mypage/dashboard')}>
        {phrase(t('common.toDashboard'))}
      </Button>
      <Button variant="text" href={localizedPath(language, 'contact-us')}>
        {phrase(t('cancelRegistration.toContact'))}
      </Button>
    </Stack>
  )

  if (step.kind === 'loading') return <Busy />
  if (step.kind === 'loadFailed') {
    return (
      <>
        <ErrorAlert error={step.error} />
        <Button variant="contained" onClick={() => void load()}>
          {phrase(t('common.retry'))}
        </Button>
      </>
    )
  }
  if (step.kind === 'done') {
    return (
      <>
        <Alert severity="success" role="status">
          {step.refund.amountJpy > 0
            ? t('cancelRegistration.doneRefunded', { amount: formatYen(step.refund.amountJpy, language) })
            : t('cancelRegistration.doneNoRefund')}
        </Alert>
        {links}
      </>
    )
  }
  const { quote } = step
  if (quote?.refund) {
    return (
      <>
        <Typography>
          {t('cancelRegistration.alreadyCanceled', { amount: formatYen(quote.refund.amountJpy, language) })}
        </Typography>
        {links}
      </>
    )
  }
  if (quote?.paymentStatus !== 'paid') {
    return (
      <>
        <Typography sx={{ mb: 2 }}>{t('cancelRegistration.nothingToCancel')}</Typography>
        <Typography>{t('cancelRegistration.pending')}</Typography>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ mt: 3 }}>
          <Button variant="contained" href={localizedPath(language, 'mypage/registration')}>
            {phrase(t('cancelRegistration.toRegistration'))}
          </Button>
          <Button variant="text" href={localizedPath(language, 'contact-us')}>
            {phrase(t('cancelRegistration.toContact'))}
          </Button>
        </Stack>
      </>
    )
  }
  return (
    <>
      {amountChanged && (
        <Alert severity="info" role="status" sx={{ mb: 2 }}>
          {errorText('product.refundAmountChanged')}
        </Alert>
      )}
      <PaidCancellation
        account={account}
        quote={quote}
        onDone={(refund) => setStep({ kind: 'done', refund })}
        onQuoteChanged={() => {
          setAmountChanged(true)
          void load()
        }}
        links={links}
      />
    </>
  )
}

function PaidCancellation({
  account,
  quote,
  onDone,
  onQuoteChanged,
  links,
}: {
  account: AccountServices
  quote: RefundQuote
  onDone: (refund: Refund) => void
  onQuoteChanged: () => void
  links: ReactNode
}) {
  const phrase = usePhrases()
  const { t } = useAccountTranslation()
  const language = useLanguage()
  const { errors } = useServices()
  const [open, setOpen] = useState(false)
  const [sending, setSending] = useState(false)
  const [error, setError] = useState<unknown>()
  // One key per confirmation: a retry after an error resends it, so the refund is made once (decision 165).
  const idempotencyKey = useRef<string>(crypto.randomUUID())
  const fee = formatYen(quote.feeJpy, language)
  const refund = formatYen(quote.policyRefundJpy, language)
  const amountSentence =
    quote.policyRefundJpy > 0
      ? t('cancelRegistration.refundToday', { fee, refund, percentage: quote.policyPercentage })
      : t('cancelRegistration.noRefundToday', { fee })

  async function confirm() {
    setSending(true)
    setError(undefined)
    try {
      const made = await account.api.cancelRegistration({
        idempotencyKey: idempotencyKey.current,
        refundJpy: quote.policyRefundJpy,
      })
      // My Page shows the registration canceled, with what was refunded.
      await account.cache.registration.load({ force: true }).catch((reloadError: unknown) => {
        errors.report(reloadError, { where: 'cancel-registration-reload' })
      })
      onDone(made)
    } catch (caught) {
      setSending(false)
      if (caught instanceof ProductError && caught.productKey === 'refundAmountChanged') {
        // A cut-off passed while the page was open: show the new amount and ask again with a new key.
        idempotencyKey.current = crypto.randomUUID()
        setOpen(false)
        onQuoteChanged()
        return
      }
      setError(caught)
    }
  }

  return (
    <>
      <Typography sx={{ mb: 2 }}>{t('cancelRegistration.lead')}</Typography>
      <Typography sx={{ mb: 3, fontWeight: 700 }}>{amountSentence}</Typography>
      <Button variant="contained" color="error" onClick={() => setOpen(true)}>
        {phrase(t('cancelRegistration.cancel'))}
      </Button>
      {links}
      <ConfirmDialog
        id="cancel-registration"
        open={open}
        title={t('cancelRegistration.confirmTitle')}
        consequence={`${t('cancelRegistration.consequence')} ${amountSentence}`}
        keepLabel={t('cancelRegistration.keep')}
        confirmLabel={t('cancelRegistration.confirm')}
        destructive
        busy={sending}
        error={error}
        onKeep={() => setOpen(false)}
        onConfirm={() => void confirm()}
      />
    </>
  )
}
