import {
  formatInstant,
  type InventoryItem,
  type RegistrationForm,
  type RegistrationTier,
  type WaitingListEntry,
} from '@furfes/core'
import { ErrorAlert, usePhrases } from '@furfes/ui'
import { RadioField, SchemaForm } from '@furfes/ui/forms'
import { Alert, Button, Stack, Typography } from '@mui/material'
import { useCallback, useEffect, useRef, useState } from 'react'
import { useAccountTranslation } from '../account/i18n.ts'
import { localizedPath } from '../language.ts'
import { useLanguage } from '../layout/useLanguage.ts'
import { checkoutReturnUrls } from './checkout-return.ts'
import { useMyPage } from './context.ts'
import { ButtonRow, Facts, LoadError, Section, StatusNote } from './parts.tsx'
import { emptyRegistrationForm, RegistrationDetailsFields } from './RegistrationFields.tsx'
import { useRegistrationForm } from './use-registration-form.ts'
import { useSubmit } from './use-submit.ts'

/*
 * The waiting list on the registration page (decision 115): when a tier is sold out, the member can join its
 * list with the registration form's fields and rules; then they see their position, or the spot held for them
 * with its deadline (Japan time) and a button that goes straight to its checkout, and they can leave.
 */

const isOpen = (entry: WaitingListEntry | null | undefined): boolean =>
  entry?.status === 'waiting' || entry?.status === 'offered'

/** The member's entry, loaded from the API; `undefined` while loading. */
export function useWaitingListEntry() {
  const { account, handleSessionError } = useMyPage()
  const [state, setState] = useState<{ entry?: WaitingListEntry | null; error?: unknown }>({})
  const [attempt, setAttempt] = useState(0)
  useEffect(() => {
    let live = true
    account.api.getWaitingList().then(
      (entry) => live && setState({ entry }),
      (failure: unknown) => {
        if (live && !handleSessionError(failure)) setState({ error: failure })
      },
    )
    return () => {
      live = false
    }
  }, [account, handleSessionError, attempt])
  const reload = useCallback(() => setAttempt((count) => count + 1), [])
  return { ...state, reload, set: (entry: WaitingListEntry) => setState({ entry }) }
}

/** The registration page's waiting-list section; nothing while no tier is sold out and the member is not listed. */
export function WaitingListPanel({
  inventory,
  requestedTier,
}: {
  inventory: InventoryItem[] | undefined
  /** A tier whose sold-out card asked to join: the join form opens on it, and the section comes into view. */
  requestedTier?: RegistrationTier
}) {
  const phrase = usePhrases()
  const { t } = useAccountTranslation()
  const { account } = useMyPage()
  const language = useLanguage()
  const { entry, error: loadError, reload, set } = useWaitingListEntry()
  // Joining, accepting and leaving: one request at a time, its error shown in the section.
  const { busy, error, submit: act } = useSubmit((work: () => Promise<void>) => work())
  const [joining, setJoining] = useState(false)
  const sectionRef = useRef<HTMLDivElement>(null)
  useEffect(() => {
    if (requestedTier !== undefined) setJoining(true)
  }, [requestedTier])
  useEffect(() => {
    if (requestedTier === undefined || !joining) return
    const section = sectionRef.current
    section?.scrollIntoView({ block: 'start' })
    // Keyboard and screen-reader users land where the page moved them: on the tier they asked for.
    section?.querySelector<HTMLElement>('input:checked, input, button')?.focus()
  }, [requestedTier, joining])
  const soldOut = (inventory ?? [])
    .filter((item) => item.status === 'sold_out')
    .map((item) => item.registrationTier)

  if (loadError !== undefined) return <LoadError error={loadError} retry={reload} />
  if (entry === undefined) return null
  if (!isOpen(entry) && soldOut.length === 0) return null

  const leave = () => act(async () => set(await account.api.leaveWaitingList()))
  let body: React.ReactNode
  if (entry?.status === 'offered' && entry.offerExpiresAt !== undefined) {
    body = (
      <Stack spacing={2}>
        <Alert severity="success" role="status">
          {t('waitingList.offerLead', {
            tier: t(`domain:registrationTier.${entry.registrationTier}`),
            deadline: formatInstant(entry.offerExpiresAt, language),
          })}
        </Alert>
        <ErrorAlert error={error} />
        <ButtonRow>
          <Button
            variant="contained"
            disabled={busy}
            onClick={() =>
              act(async () => {
                const { paymentUrl } = await account.api.acceptWaitingListOffer(
                  checkoutReturnUrls(language, account.pwaUrl),
                )
                account.navigateTo(paymentUrl)
              })
            }
          >
            {phrase(t('waitingList.accept'))}
          </Button>
          <Button color="error" disabled={busy} onClick={leave}>
            {phrase(t('waitingList.decline'))}
          </Button>
        </ButtonRow>
      </Stack>
    )
  } else if (entry?.status === 'waiting') {
    body = (
      <Stack spacing={2}>
        <Typography role="status">
          {t('waitingList.position', {
            tier: t(`domain:registrationTier.${entry.registrationTier}`),
            position: entry.position ?? 1,
          })}
        </Typography>
        <Typography variant="body2">{t('waitingList.howOffersWork')}</Typography>
        <ErrorAlert error={error} />
        <Button color="error" disabled={busy} onClick={leave} sx={{ alignSelf: 'flex-start' }}>
          {phrase(t('waitingList.leave'))}
        </Button>
      </Stack>
    )
  } else {
    body = (
      <>
        {entry?.status === 'expired' && <StatusNote>{t('waitingList.expiredLead')}</StatusNote>}
        <Typography sx={{ mb: 2 }}>{t('waitingList.joinLead')}</Typography>
        <ErrorAlert error={error} />
        {/* The form opens on demand: the registration form above has the same fields. */}
        {joining ? (
          <JoinForm
            key={requestedTier}
            tiers={soldOut}
            initialTier={requestedTier}
            busy={busy}
            onSubmit={(form) =>
              act(async () => set(await account.api.joinWaitingList({ ...form, language })))
            }
          />
        ) : (
          <Button variant="outlined" onClick={() => setJoining(true)}>
            {phrase(t('waitingList.start'))}
          </Button>
        )}
      </>
    )
  }
  return (
    <div ref={sectionRef}>
      <Section id="waiting-list" heading={t('waitingList.heading')}>
        {body}
      </Section>
    </div>
  )
}

function JoinForm({
  tiers,
  initialTier,
  busy,
  onSubmit,
}: {
  tiers: readonly RegistrationTier[]
  initialTier: RegistrationTier | undefined
  busy: boolean
  onSubmit: (form: RegistrationForm) => void
}) {
  const { t } = useAccountTranslation()
  // The registration form's schema: joining asks for, and checks, exactly what registering does.
  const { form } = useRegistrationForm(
    emptyRegistrationForm(initialTier ?? (tiers.length === 1 ? tiers[0] : undefined)),
  )
  return (
    <SchemaForm form={form} onValid={onSubmit} busy={busy} submitLabel={t('waitingList.join')} spacing={3}>
      <RadioField
        required
        form={form}
        name="registrationTier"
        inputName="waitingListTier"
        legend={t('waitingList.tier')}
        options={tiers}
        optionLabel={(tier) => t(`domain:registrationTier.${tier}`)}
      />
      <RegistrationDetailsFields form={form} name="waitingList" />
    </SchemaForm>
  )
}

/**
 * My Page's dashboard: the member's waiting position, or an offer that ran out. An open offer is the dashboard's
 * next step instead (`waitingListOfferStep`), where it is the first thing the member sees.
 */
export function WaitingListSummary({ waiting }: { waiting: ReturnType<typeof useWaitingListEntry> }) {
  const phrase = usePhrases()
  const { t } = useAccountTranslation()
  const language = useLanguage()
  const { entry, error, reload } = waiting
  if (error !== undefined) return <LoadError error={error} retry={reload} />
  if (!entry || !(entry.status === 'waiting' || entry.status === 'expired')) return null
  const status =
    entry.status === 'waiting'
      ? t('waitingList.position', {
          tier: t(`domain:registrationTier.${entry.registrationTier}`),
          position: entry.position ?? 1,
        })
      : t('waitingList.expiredLead')
  return (
    <Section id="waiting-list-summary" heading={t('waitingList.heading')}>
      <Stack spacing={1.5}>
        <Facts items={[[t('dashboard.status'), status]]} />
        <Button href={localizedPath(language, 'mypage/registration')} sx={{ alignSelf: 'flex-start' }}>
          {phrase(t('waitingList.toRegistration'))}
        </Button>
      </Stack>
    </Section>
  )
}

/** The dashboard's next step while a spot is held for the member: take it before its deadline. */
export function useWaitingListOfferStep(entry: WaitingListEntry | null | undefined) {
  const { t } = useAccountTranslation()
  const language = useLanguage()
  if (entry?.status !== 'offered' || entry.offerExpiresAt === undefined) return undefined
  return {
    text: t('waitingList.offerLead', {
      tier: t(`domain:registrationTier.${entry.registrationTier}`),
      deadline: formatInstant(entry.offerExpiresAt, language),
    }),
    action: {
      label: t('waitingList.accept'),
      href: `${localizedPath(language, 'mypage/registration')}#waiting-list`,
    },
  }
}
