import {
  calendarDateInTokyo,
  detailsChangeClosesAt,
  formatCalendarDate,
  formatInstant,
  type Guardian,
  type InventoryItem,
  isSessionExpiredError,
  type Registration,
  type RegistrationForm,
  type RegistrationTier,
  registrationFormSchema,
  registrationMachine,
} from '@furfes/core'
import { ConfirmDialog, ErrorAlert, usePhrases, useStore } from '@furfes/ui'
import { SchemaForm, SubmitButton } from '@furfes/ui/forms'
import { Alert, Button, Stack, Typography } from '@mui/material'
import { useMachine } from '@xstate/react'
import { type ReactNode, useEffect, useMemo, useState } from 'react'
import { useSearchParams } from 'react-router'
import { fromPromise } from 'xstate'
import { Busy } from '../account/Busy.tsx'
import { useAccountTranslation } from '../account/i18n.ts'
import { AccountPage, Notice } from '../account/ui.tsx'
import { useServices } from '../app/services.tsx'
import { useEdition } from '../app/useEdition.ts'
import { localizedPath } from '../language.ts'
import { useLanguage } from '../layout/useLanguage.ts'
import { checkoutReturnUrls, refreshQueryKey } from './checkout-return.ts'
import { useMyPage } from './context.ts'
import { guardianReady, MinorQuestion } from './Guardians.tsx'
import { ButtonRow, Facts, LoadError, Section, StatusNote } from './parts.tsx'
import { RegistrationDetailsFields, type RegistrationFormValues } from './RegistrationFields.tsx'
import { RegistrationTimeline } from './RegistrationTimeline.tsx'
import { TierChange } from './TierChange.tsx'
import { TierPicker } from './TierPicker.tsx'
import { useRegistrationForm } from './use-registration-form.ts'
import { useSaveForm } from './use-submit.ts'
import { WaitingListPanel } from './WaitingList.tsx'

/**
 * registration: the tier cards with price and sold-out state, the form (badge name, T-shirt size for sponsor
 * tiers, changing room for fursuit tiers), then the payment page. Pending: the way to checkout, the time left
 * and a cancel button; after the time is up, registering again. Paid: the registration. Core's registration
 * machine holds it all, the tiers' spots included (its inventory actor), over My Page's cache; the view follows
 * the machine's tags (docs/requirements.md MY-9, MY-10).
 */
export default function RegistrationPage() {
  const { t, errorText } = useAccountTranslation()
  const language = useLanguage()
  const services = useServices()
  const { account, flags, handleSessionError } = useMyPage()
  const [params] = useSearchParams()
  const [popUpBlocked, setPopUpBlocked] = useState(false)
  const kept = account.cache.registration
  const machine = useMemo(
    () =>
      registrationMachine.provide({
        actors: {
          fetchRegistration: fromPromise(
            async () => (await account.cache.registration.load({ force: true })) ?? undefined,
          ),
          createRegistration: fromPromise(({ input }) => account.api.postRegistration(input)),
          terminateRegistrationSession: fromPromise(() => account.api.deleteRegistration()),
          fetchInventory: fromPromise(() => account.api.getInventory()),
        },
        actions: { openCheckout: (_, { paymentUrl }) => account.navigateTo(paymentUrl) },
      }),
    [account],
  )
  // The machine reads and writes My Page's own copy of the registration, so every page shows the same one.
  const [snapshot, send] = useMachine(machine, {
    input: {
      isRegistrationAvailable: flags.isRegistrationAvailable,
      store: kept,
      // Back from the payment page, or after a failed fetch, the kept copy is not trusted.
      refetch: kept.getSnapshot().status !== 'loaded' || params.get(refreshQueryKey) !== null,
      clock: account.clock,
    },
  })
  const registration = useStore(kept).value ?? undefined
  const { error, inventory, inventoryError } = snapshot.context
  // A sold-out tier's card asks the waiting list below to open its join form on that tier.
  const [waitingTier, setWaitingTier] = useState<RegistrationTier>()
  useEffect(() => {
    if (error !== undefined) handleSessionError(error)
  }, [error, handleSessionError])
  useEffect(() => {
    if (inventoryError !== undefined) handleSessionError(inventoryError)
  }, [inventoryError, handleSessionError])

  const busy = snapshot.hasTag('busy')
  let body: ReactNode
  if (snapshot.hasTag('loading')) body = <Busy />
  else if (snapshot.hasTag('failed'))
    body = <LoadError error={error} retry={() => send({ type: 'registration.load', force: true })} />
  else if (snapshot.hasTag('closed')) body = <Typography>{t('registration.closed')}</Typography>
  else if (snapshot.hasTag('paid') && registration) body = <PaidView registration={registration} />
  else if (snapshot.hasTag('checkout')) {
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
    // The `form` tag: registering for the first time, or again after an expired or canceled checkout.
    body = (
      <>
        {registration?.paymentStatus === 'expired' && (
          <StatusNote>{t('registration.expiredLead')}</StatusNote>
        )}
        {registration?.paymentStatus === 'canceled' && (
          <StatusNote>{t('registration.canceledLead')}</StatusNote>
        )}
        <ErrorAlert error={error} />
        {/* A gone session goes to sign-in instead (the effect above). */}
        {inventoryError !== undefined && !isSessionExpiredError(inventoryError) && (
          <LoadError error={inventoryError} retry={() => send({ type: 'inventory.load' })} />
        )}
        <RegistrationFormView
          previous={registration}
          inventory={inventory}
          busy={busy}
          againLabel={snapshot.hasTag('timedOut')}
          onJoinWaitingList={setWaitingTier}
          onSubmit={(form) =>
            send({
              type: 'registration.submit',
              request: { ...form, ...checkoutReturnUrls(language, account.pwaUrl), language },
            })
          }
        />
        <WaitingListPanel inventory={inventory} requestedTier={waitingTier} />
      </>
    )
  }
  return (
    <AccountPage
      titleKey="registration"
      width="md"
      lead={snapshot.hasTag('paid') ? undefined : t('registration.lead')}
    >
      {body}
      {/* Once paid, what happened to it since; a pending checkout has no story yet. */}
      {(registration?.paymentStatus === 'paid' || registration?.paymentStatus === 'canceled') &&
        !snapshot.hasTag('loading') && <RegistrationTimeline registration={registration} />}
    </AccountPage>
  )
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
  const phrase = usePhrases()
  const { t, errorText } = useAccountTranslation()
  const language = useLanguage()
  const { account } = useMyPage()
  const [now, setNow] = useState(() => account.clock())
  const [confirming, setConfirming] = useState(false)
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
      <ButtonRow>
        <Button variant="contained" onClick={onCheckout} disabled={busy}>
          {phrase(t('registration.goToCheckout'))}
        </Button>
        <Button variant="outlined" onClick={onNewWindow} disabled={busy}>
          {phrase(t('registration.openInNewWindow'))}
        </Button>
        <Button color="error" onClick={() => setConfirming(true)} disabled={busy} aria-busy={busy}>
          {phrase(t('registration.cancel'))}
        </Button>
      </ButtonRow>
      {/* Withdrawing gives the held spot away at once, which cannot be taken back: ask first. */}
      <ConfirmDialog
        id="withdraw-application"
        open={confirming}
        title={t('registration.withdrawTitle')}
        consequence={t('registration.withdrawConsequence', {
          tier: t(`domain:registrationTier.${registration.registrationTier}`),
        })}
        keepLabel={t('registration.withdrawKeep')}
        confirmLabel={t('registration.withdrawConfirm')}
        destructive
        busy={busy}
        onKeep={() => setConfirming(false)}
        onConfirm={() => {
          setConfirming(false)
          onCancel()
        }}
      />
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

/** Where a paid member goes from here, most wanted first. */
const paidActions = [
  { variant: 'contained', path: 'registration-code', label: 'dashboard.actions.showCode' },
  {
    variant: 'outlined',
    path: 'mypage/registration-additional-info',
    label: 'dashboard.actions.additionalInfo',
  },
  { variant: 'text', path: 'cancel-registration', label: 'registration.toCancelRegistration' },
] as const

function PaidView({ registration }: { registration: Registration }) {
  const phrase = usePhrases()
  const { t } = useAccountTranslation()
  const language = useLanguage()
  return (
    <Section id="paid" heading={t('registration.paidHeading')}>
      <Typography sx={{ mb: 2 }}>{t('registration.paidLead')}</Typography>
      <RegistrationFacts registration={registration} />
      {/* A new tier brings other fields (size, room): the form starts again from it. */}
      <DetailsChange key={registration.registrationTier} registration={registration} />
      <TierChange registration={registration} />
      <ButtonRow>
        {paidActions.map(({ variant, path, label }) => (
          <Button key={path} variant={variant} href={localizedPath(language, path)}>
            {phrase(t(label))}
          </Button>
        ))}
      </ButtonRow>
    </Section>
  )
}

/**
 * A paid participant changes their badge name, T-shirt size, changing room or access needs with the registration form's fields
 * and rules, until the badge print day (docs/decisions/166-participants-change-their-details.md).
 */
function DetailsChange({ registration }: { registration: Registration }) {
  const phrase = usePhrases()
  const { t } = useAccountTranslation()
  const language = useLanguage()
  const { account } = useMyPage()
  const { edition } = useEdition()
  const [open, setOpen] = useState(false)
  const closesAt = detailsChangeClosesAt(edition)
  const lastDay = formatCalendarDate(calendarDateInTokyo(closesAt - 1), language)
  const { form, formProps, done } = useSaveForm<RegistrationFormValues, RegistrationForm>(
    registrationFormSchema,
    {
      registrationTier: registration.registrationTier,
      badgeName: registration.badgeName,
      tShirtSize: registration.tShirtSize,
      changingRoomType: registration.changingRoomType,
      accessNeeds: registration.accessNeeds ?? '',
      agreedToRules: true,
    },
    async ({ registrationTier, badgeName, tShirtSize, changingRoomType, accessNeeds }) =>
      account.cache.registration.set(
        await account.api.putRegistrationDetails({
          registrationTier,
          badgeName,
          tShirtSize,
          changingRoomType,
          accessNeeds,
        }),
      ),
  )
  if (account.clock() >= closesAt) {
    return <Typography sx={{ my: 2 }}>{t('registration.detailsChangeClosed')}</Typography>
  }
  return (
    <Stack spacing={2} sx={{ my: 2 }}>
      <Typography>{t('registration.detailsChangeUntil', { date: lastDay })}</Typography>
      {done && <Notice>{t('registration.detailsChanged')}</Notice>}
      {open ? (
        <SchemaForm {...formProps} submitLabel={t('registration.detailsChangeSave')}>
          <RegistrationDetailsFields form={form} name="change" agreement={false} />
        </SchemaForm>
      ) : (
        <Button variant="outlined" onClick={() => setOpen(true)} sx={{ alignSelf: 'flex-start' }}>
          {phrase(t('registration.detailsChangeOpen'))}
        </Button>
      )}
    </Stack>
  )
}

function RegistrationFormView({
  previous,
  inventory,
  busy,
  againLabel,
  onJoinWaitingList,
  onSubmit,
}: {
  previous: Registration | undefined
  inventory: InventoryItem[] | undefined
  busy: boolean
  againLabel: boolean
  onJoinWaitingList: (tier: RegistrationTier) => void
  onSubmit: (form: RegistrationForm & { minor: boolean }) => void
}) {
  const phrase = usePhrases()
  const { t } = useAccountTranslation()
  // A minor pays only once a guardian confirmed (decision 184): until then the form shows the next step.
  const [minor, setMinor] = useState(false)
  const [guardian, setGuardian] = useState<Guardian | null>(null)
  const { form, message } = useRegistrationForm({
    registrationTier: previous?.registrationTier,
    badgeName: previous?.badgeName ?? '',
    tShirtSize: previous?.tShirtSize,
    changingRoomType: previous?.changingRoomType,
    accessNeeds: previous?.accessNeeds ?? '',
    agreedToRules: false,
  })
  return (
    <Stack
      component="form"
      noValidate
      spacing={3}
      onSubmit={form.handleSubmit((values) => onSubmit({ ...values, minor }))}
    >
      <TierPicker
        value={form.values.registrationTier}
        onChange={(chosen) => form.setValue('registrationTier', chosen)}
        inventory={inventory}
        message={message('registrationTier')}
        onJoinWaitingList={onJoinWaitingList}
      />

      <RegistrationDetailsFields form={form} sizeTable />

      <MinorQuestion
        minor={minor}
        onMinorChange={setMinor}
        guardian={guardian}
        onGuardianChange={setGuardian}
      />

      {minor && !guardianReady(guardian) ? (
        <Typography>{t('guardian.payAfterConfirmation')}</Typography>
      ) : (
        <SubmitButton busy={busy}>
          {phrase(againLabel ? t('registration.registerAgain') : t('registration.submit'))}
        </SubmitButton>
      )}
    </Stack>
  )
}
