import {
  formatInstant,
  type InventoryItem,
  ProductError,
  type Registration,
  type RegistrationForm,
  registrationFormSchema,
  registrationMachine,
} from '@furfes/core'
import { ErrorAlert } from '@furfes/ui'
import { SubmitButton, useZodForm } from '@furfes/ui/forms'
import { Alert, Button, Stack, Typography } from '@mui/material'
import { useMachine } from '@xstate/react'
import { type ReactNode, useEffect, useMemo, useState } from 'react'
import { useSearchParams } from 'react-router'
import { fromPromise } from 'xstate'
import { useAccountTranslation } from '../account/i18n.ts'
import { AccountPage, Busy } from '../account/ui.tsx'
import { useServices } from '../app/services.tsx'
import { localizedPath } from '../language.ts'
import { useLanguage } from '../layout/useLanguage.ts'
import { useMyPage } from './context.ts'
import { refreshQueryKey } from './DashboardPage.tsx'
import { Facts, LoadError, Section } from './parts.tsx'
import { RegistrationDetailsFields, type RegistrationFormValues } from './RegistrationFields.tsx'
import { TierPicker } from './TierPicker.tsx'
import { WaitingListPanel } from './WaitingList.tsx'

/**
 * registration: the tier cards with price and sold-out state, the form (badge name, T-shirt size for sponsor
 * tiers, changing room for fursuit tiers), then the payment page. Pending: the way to checkout, the time left
 * and a cancel button; after the time is up, registering again. Paid: the registration. Runs core's
 * registration machine over My Page's cache (docs/requirements.md MY-9, MY-10).
 */
export default function RegistrationPage() {
  const { t, errorText } = useAccountTranslation()
  const language = useLanguage()
  const services = useServices()
  const { account, flags, handleSessionError } = useMyPage()
  const [params] = useSearchParams()
  const [popUpBlocked, setPopUpBlocked] = useState(false)
  const cached = account.cache.registration.getSnapshot()
  const machine = useMemo(
    () =>
      registrationMachine.provide({
        actors: {
          fetchRegistration: fromPromise(
            async () => (await account.cache.registration.load({ force: true })) ?? undefined,
          ),
          createRegistration: fromPromise(({ input }) => account.api.postRegistration(input)),
          terminateRegistrationSession: fromPromise(() => account.api.deleteRegistration()),
        },
        actions: { openCheckout: (_, { paymentUrl }) => account.navigateTo(paymentUrl) },
      }),
    [account],
  )
  const [snapshot, send] = useMachine(machine, {
    input: {
      isRegistrationAvailable: flags.isRegistrationAvailable,
      cached: {
        loaded: cached.status === 'loaded' && params.get(refreshQueryKey) === null,
        registration: cached.value ?? undefined,
      },
      clock: account.clock,
    },
  })
  const { registration, error } = snapshot.context
  // What the machine learns (a new pending registration, DELETE's answer) is what My Page shows elsewhere too.
  useEffect(() => {
    if (snapshot.context.loaded && account.cache.registration.getSnapshot().value !== (registration ?? null))
      account.cache.registration.set(registration ?? null)
  }, [snapshot.context.loaded, registration, account])
  useEffect(() => {
    if (error !== undefined) handleSessionError(error)
  }, [error, handleSessionError])

  const [inventory, setInventory] = useState<{ items?: InventoryItem[]; error?: unknown }>({})
  const [inventoryAttempt, setInventoryAttempt] = useState(0)
  // Sold-out spots come back when others cancel or let their checkout expire: ask every time, after a
  // refusal (sold out) ask again, and again when the user's own checkout times out (its spot went back).
  const soldOutRefusal = error !== undefined && isSoldOut(error)
  const sessionTimedOut = snapshot.matches({ pending: 'sessionTimedOut' })
  useEffect(() => {
    let live = true
    account.api.getInventory().then(
      (items) => live && setInventory({ items }),
      (failure: unknown) => {
        if (live && !handleSessionError(failure)) setInventory({ error: failure })
      },
    )
    return () => {
      live = false
    }
  }, [account, handleSessionError, inventoryAttempt, soldOutRefusal, sessionTimedOut])

  const busy = snapshot.hasTag('busy')
  const state = snapshot.value
  const top = typeof state === 'string' ? state : Object.keys(state)[0]

  let body: ReactNode
  if (
    top === 'initializing' ||
    top === 'loading' ||
    (top === 'registering' && snapshot.matches({ registering: 'loadingRegistration' }))
  )
    body = <Busy />
  else if (top === 'failed')
    body = <LoadError error={error} retry={() => send({ type: 'registration.load', force: true })} />
  else if (top === 'registrationClosed') body = <Typography>{t('registration.closed')}</Typography>
  else if (top === 'paid' && registration) body = <PaidView registration={registration} />
  else if (snapshot.matches({ pending: 'awaitingPayment' }) || snapshot.matches({ pending: 'canceling' })) {
    body =
      registration?.paymentStatus === 'pending' ? (
        <PendingView
          registration={registration}
          busy={busy}
          error={error}
          popUpBlocked={popUpBlocked}
          onCheckout={() => send({ type: 'checkout.open' })}
          onNewWindow={() => {
            const opened = account.openWindow(registration.paymentUrl)
            setPopUpBlocked(!opened)
            if (!opened) services.notifications.notify(errorText('product.popUpWindowBlocked'), 'error')
          }}
          onCancel={() => send({ type: 'checkout.cancel' })}
        />
      ) : (
        <Busy />
      )
  } else {
    body = (
      <>
        {registration?.paymentStatus === 'expired' && (
          <Alert severity="info" role="status" sx={{ mb: 2 }}>
            {t('registration.expiredLead')}
          </Alert>
        )}
        {registration?.paymentStatus === 'canceled' && (
          <Alert severity="info" role="status" sx={{ mb: 2 }}>
            {t('registration.canceledLead')}
          </Alert>
        )}
        <ErrorAlert error={error} />
        {inventory.error !== undefined && (
          <LoadError error={inventory.error} retry={() => setInventoryAttempt((count) => count + 1)} />
        )}
        <RegistrationFormView
          previous={registration}
          inventory={inventory.items}
          busy={busy}
          againLabel={sessionTimedOut}
          onSubmit={(form) => {
            const url = (path: string) =>
              new URL(`${localizedPath(language, path)}?${refreshQueryKey}=true`, account.pwaUrl).href
            send({
              type: 'registration.submit',
              request: {
                ...form,
                successUrl: url('mypage/dashboard'),
                cancelUrl: url('mypage/registration'),
                language,
              },
            })
          }}
        />
        <WaitingListPanel inventory={inventory.items} />
      </>
    )
  }
  return (
    <AccountPage
      titleKey="registration"
      width="md"
      lead={top === 'paid' ? undefined : t('registration.lead')}
    >
      {body}
    </AccountPage>
  )
}

function isSoldOut(error: unknown): boolean {
  return error instanceof ProductError && error.productKey === 'soldOut'
}

function PendingView({
  registration,
  busy,
  error,
  popUpBlocked,
  onCheckout,
  onNewWindow,
  onCancel,
}: {
  registration: Extract<Registration, { paymentStatus: 'pending' }>
  busy: boolean
  error: unknown
  popUpBlocked: boolean
  onCheckout: () => void
  onNewWindow: () => void
  onCancel: () => void
}) {
  const { t, errorText } = useAccountTranslation()
  const language = useLanguage()
  const { account } = useMyPage()
  const [now, setNow] = useState(() => account.clock())
  useEffect(() => {
    const timer = setInterval(() => setNow(account.clock()), 15_000)
    return () => clearInterval(timer)
  }, [account])
  const minutes = Math.max(0, Math.ceil((registration.expiresAt - now) / 60_000))
  return (
    <Section id="pending" heading={t('registration.pendingHeading')}>
      <ErrorAlert error={error} />
      {popUpBlocked && (
        <Alert severity="error" role="alert" sx={{ mb: 2 }}>
          {errorText('product.popUpWindowBlocked')}
        </Alert>
      )}
      <Typography sx={{ mb: 1 }}>{t('registration.pendingLead')}</Typography>
      <RegistrationFacts registration={registration} />
      <Typography sx={{ my: 2, fontWeight: 700 }}>
        {t('registration.timeLeft', { time: formatInstant(registration.expiresAt, language), minutes })}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
        <Button variant="contained" onClick={onCheckout} disabled={busy}>
          {t('registration.goToCheckout')}
        </Button>
        <Button variant="outlined" onClick={onNewWindow} disabled={busy}>
          {t('registration.openInNewWindow')}
        </Button>
        <Button color="error" onClick={onCancel} disabled={busy} aria-busy={busy}>
          {t('registration.cancel')}
        </Button>
      </Stack>
    </Section>
  )
}

function RegistrationFacts({ registration }: { registration: Registration }) {
  const { t } = useAccountTranslation()
  const items: [string, string][] = [
    [t('registration.tierHeading'), t(`domain:registrationTier.${registration.registrationTier}`)],
    [t('registration.badgeName'), registration.badgeName],
  ]
  if (registration.tShirtSize) items.push([t('registration.tShirtSize'), registration.tShirtSize])
  if (registration.changingRoomType)
    items.push([
      t('registration.changingRoom'),
      t(`domain:changingRoomType.${registration.changingRoomType}`),
    ])
  return <Facts items={items} />
}

function PaidView({ registration }: { registration: Registration }) {
  const { t } = useAccountTranslation()
  const language = useLanguage()
  return (
    <Section id="paid" heading={t('registration.paidHeading')}>
      <Typography sx={{ mb: 2 }}>{t('registration.paidLead')}</Typography>
      <RegistrationFacts registration={registration} />
      <Typography sx={{ my: 2 }}>{t('registration.categoryChange')}</Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
        <Button variant="contained" href={localizedPath(language, 'registration-code')}>
          {t('dashboard.actions.showCode')}
        </Button>
        <Button variant="outlined" href={localizedPath(language, 'mypage/registration-additional-info')}>
          {t('dashboard.actions.additionalInfo')}
        </Button>
        <Button href={localizedPath(language, 'cancel-registration')}>
          {t('registration.toCancelRegistration')}
        </Button>
      </Stack>
    </Section>
  )
}

function RegistrationFormView({
  previous,
  inventory,
  busy,
  againLabel,
  onSubmit,
}: {
  previous: Registration | undefined
  inventory: InventoryItem[] | undefined
  busy: boolean
  againLabel: boolean
  onSubmit: (form: RegistrationForm) => void
}) {
  const { t, errorText } = useAccountTranslation()
  const form = useZodForm<RegistrationFormValues, RegistrationForm>(registrationFormSchema, {
    registrationTier: previous?.registrationTier,
    badgeName: previous?.badgeName ?? '',
    tShirtSize: previous?.tShirtSize,
    changingRoomType: previous?.changingRoomType,
    agreedToRules: false,
  })
  const tier = form.values.registrationTier
  const message = (path: string) => {
    const issue = form.errors[path]
    return issue ? errorText(issue.key, issue.values) : undefined
  }
  return (
    <Stack component="form" noValidate spacing={3} onSubmit={form.handleSubmit(onSubmit)}>
      <TierPicker
        value={tier}
        onChange={(chosen) => form.setValue('registrationTier', chosen)}
        inventory={inventory}
        message={message('registrationTier')}
      />

      <RegistrationDetailsFields form={form} sizeTable />

      <SubmitButton busy={busy}>
        {againLabel ? t('registration.registerAgain') : t('registration.submit')}
      </SubmitButton>
    </Stack>
  )
}
