import { isPaymentUrlExpired, type Registration, type RegistrationAdditionalInfo } from '@furfes/core'
import { usePhrases } from '@furfes/ui'
import { Button, Link, Stack, Typography } from '@mui/material'
import { type ReactElement, useEffect, useRef } from 'react'
import { useLocation, useNavigate, useSearchParams } from 'react-router'
import { Busy } from '../account/Busy.tsx'
import { useAccountTranslation } from '../account/i18n.ts'
import { AccountPage } from '../account/ui.tsx'
import { useServices } from '../app/services.tsx'
import { useEdition } from '../app/useEdition.ts'
import { RegistrationPhase } from '../content/RegistrationPhase.tsx'
import { formatYen } from '../content/values.ts'
import { localizedPath, searchWithout } from '../language.ts'
import { useLanguage } from '../layout/useLanguage.ts'
import { AddonsSection } from './Addons.tsx'
import { refreshQueryKey } from './checkout-return.ts'
import { useMyPage } from './context.ts'
import { GuardianRequestsSection } from './Guardians.tsx'
import { InstallOffer } from './InstallOffer.tsx'
import { Facts, LoadError, Section } from './parts.tsx'
import { RegistrationHistory } from './RegistrationHistory.tsx'
import { useCached } from './use-cached.ts'
import { VenueDetails } from './VenueDetails.tsx'
import { useWaitingListEntry, useWaitingListOfferStep, WaitingListSummary } from './WaitingList.tsx'

/** How often, and how long, a registration still pending after Checkout is asked for again. */
const paymentConfirmationPollMs = 2000
const paymentConfirmationAttempts = 15

type NextStep = {
  /** A sentence, or the edition's phase as RegistrationPhase states it. */
  text: string | ReactElement
  action?: { label: string; href: string }
  /** A further, optional step. */
  secondary?: { text: string; label: string; href: string }
}

/**
 * The dashboard: the registration state and the next step, the profile, and whether new clubs can be founded.
 * `?refresh` reloads the user context (Checkout returns here with it); the key then leaves the address.
 */
export default function DashboardPage() {
  const phrase = usePhrases()
  const { t } = useAccountTranslation()
  const language = useLanguage()
  const services = useServices()
  const { account, flags, handleSessionError } = useMyPage()
  const edition = useEdition()
  // Registration is offered while the edition is on sale and the flag allows it; otherwise the phase says why not.
  const registrationOpen = flags.isRegistrationAvailable && edition.phase === 'onSale'
  const phase = (
    <RegistrationPhase
      language={language}
      edition={edition}
      registrationAvailable={flags.isRegistrationAvailable}
    />
  )
  const { cache } = account
  const [params] = useSearchParams()
  const location = useLocation()
  const navigate = useNavigate()
  const refreshRequested = useRef(params.has(refreshQueryKey))

  // Runs once, on arriving: removing the key from the address must not start it again.
  useEffect(() => {
    if (!refreshRequested.current) return
    refreshRequested.current = false
    void navigate(
      { pathname: location.pathname, search: searchWithout(location.search, [refreshQueryKey]) },
      { replace: true },
    )
    void services.featureFlags.load({ force: true })
    for (const resource of [cache.user, cache.profile, cache.additionalInfo]) {
      resource.load({ force: true }).catch(handleSessionError)
    }
    // Back from Checkout, the payment webhook may still be on its way: ask again for a while.
    let attempts = 0
    let timer: ReturnType<typeof setTimeout> | undefined
    let live = true
    const poll = () => {
      cache.registration.load({ force: true }).then((registration) => {
        attempts += 1
        if (live && registration?.paymentStatus === 'pending' && attempts < paymentConfirmationAttempts)
          timer = setTimeout(poll, paymentConfirmationPollMs)
      }, handleSessionError)
    }
    poll()
    return () => {
      live = false
      clearTimeout(timer)
    }
  }, [])

  const user = useCached(cache.user)
  const registration = useCached(cache.registration)
  const profile = useCached(cache.profile)
  const additionalInfo = useCached(cache.additionalInfo)
  const tierLabel = (tier: string) => t(`domain:registrationTier.${tier}`)
  const waiting = useWaitingListEntry()
  const offerStep = useWaitingListOfferStep(waiting.entry)

  return (
    <AccountPage
      titleKey="dashboard"
      width="md"
      lead={user.value ? t('dashboard.signedInAs', { email: user.value.email }) : undefined}
    >
      {user.status === 'failed' && <LoadError error={user.error} retry={user.reload} />}
      <Section id="next-step" heading={t('dashboard.nextStepHeading')}>
        {registration.value === undefined ? (
          registration.status === 'failed' ? (
            <LoadError error={registration.error} retry={registration.reload} />
          ) : (
            <Busy />
          )
        ) : (
          <NextStepView
            step={nextStep(registration.value, additionalInfo.value, registrationOpen, offerStep)}
          />
        )}
      </Section>

      <Section id="registration" heading={t('dashboard.registrationHeading')}>
        {registration.value === null && (
          <>
            <Typography>{t('dashboard.notRegistered')}</Typography>
            {phase}
          </>
        )}
        {registration.value && (
          <Stack spacing={2}>
            <Facts
              items={[
                [t('dashboard.status'), t(`domain:paymentStatus.${registration.value.paymentStatus}`)],
                [t('dashboard.tier'), tierLabel(registration.value.registrationTier)],
                [t('dashboard.badgeName'), registration.value.badgeName],
                // Canceled after payment: what was refunded (decision 111).
                ...(registration.value.paymentStatus !== 'pending' &&
                registration.value.refundedJpy !== undefined
                  ? [
                      [t('dashboard.refunded'), formatYen(registration.value.refundedJpy, language)] as [
                        string,
                        string,
                      ],
                    ]
                  : []),
              ]}
            />
            {registrationOpen && (
              <Link href={localizedPath(language, 'mypage/registration')}>
                {t('dashboard.actions.registration')}
              </Link>
            )}
          </Stack>
        )}
      </Section>

      <AddonsSection paid={registration.value?.paymentStatus === 'paid'} />
      <GuardianRequestsSection />
      <RegistrationHistory />
      <WaitingListSummary waiting={waiting} />
      <VenueDetails />

      <Section id="profile" heading={t('dashboard.profileHeading')}>
        {profile.status === 'failed' && <LoadError error={profile.error} retry={profile.reload} />}
        {profile.value === null && <Typography sx={{ mb: 1 }}>{t('dashboard.noProfile')}</Typography>}
        {profile.value && (
          <Typography sx={{ mb: 1 }}>
            {t('dashboard.profileSummary', {
              handleName: profile.value.handleName,
              privacy: t(`domain:profilePrivacy.${profile.value.privacy}`),
            })}
          </Typography>
        )}
        {profile.value !== undefined && (
          <Button variant="outlined" href={localizedPath(language, 'mypage/profile')}>
            {phrase(
              profile.value ? t('dashboard.actions.editProfile') : t('dashboard.actions.createProfile'),
            )}
          </Button>
        )}
      </Section>

      <Section id="club" heading={t('dashboard.clubHeading')}>
        <Typography sx={{ mb: 1 }}>
          {flags.isNewClubActivityEstablishmentAvailable
            ? t('dashboard.clubOpen')
            : t('dashboard.clubClosed')}
        </Typography>
        <Link href={localizedPath(language, 'establish-new-club-activity')}>{t('dashboard.clubLink')}</Link>
      </Section>

      <InstallOffer />
    </AccountPage>
  )

  function nextStep(
    current: Registration | null,
    info: RegistrationAdditionalInfo | null | undefined,
    registrationOpen: boolean,
    offer: NextStep | undefined,
  ): NextStep {
    // A spot held from the waiting list comes before registering anew: it runs out, and it is the member's.
    const register =
      offer ??
      (registrationOpen
        ? {
            text: t('dashboard.next.register'),
            action: {
              label: t('dashboard.actions.register'),
              href: localizedPath(language, 'mypage/registration'),
            },
          }
        : { text: phase })
    if (current === null || current.paymentStatus === 'expired' || current.paymentStatus === 'canceled')
      return register
    if (current.paymentStatus === 'pending') {
      if (isPaymentUrlExpired(current, account.clock)) return register
      return {
        text: t('dashboard.next.pay'),
        action: { label: t('dashboard.actions.pay'), href: localizedPath(language, 'payment-checkout') },
      }
    }
    return {
      text: t('dashboard.next.showCode'),
      action: { label: t('dashboard.actions.showCode'), href: localizedPath(language, 'registration-code') },
      ...(info?.clubActivityXUsername
        ? {}
        : {
            secondary: {
              text: t('dashboard.next.additionalInfo'),
              label: t('dashboard.actions.additionalInfo'),
              href: localizedPath(language, 'mypage/registration-additional-info'),
            },
          }),
    }
  }
}

function NextStepView({ step }: { step: NextStep }) {
  const phrase = usePhrases()
  return (
    <Stack spacing={1.5} sx={{ alignItems: 'flex-start' }}>
      {typeof step.text === 'string' ? <Typography>{step.text}</Typography> : step.text}
      {step.action && (
        <Button variant="contained" href={step.action.href}>
          {phrase(step.action.label)}
        </Button>
      )}
      {step.secondary && (
        <>
          <Typography>{step.secondary.text}</Typography>
          <Button variant="outlined" href={step.secondary.href}>
            {phrase(step.secondary.label)}
          </Button>
        </>
      )}
    </Stack>
  )
}
