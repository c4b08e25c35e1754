import type { Guardian, Ward } from '@furfes/core'
import { ErrorAlert, usePhrases } from '@furfes/ui'
import { Alert, Button, Checkbox, FormControlLabel, Stack, TextField, Typography } from '@mui/material'
import { useEffect, useState } from 'react'
import { useAccountTranslation } from '../account/i18n.ts'
import { useMyPage } from './context.ts'
import { LoadError, Section } from './parts.tsx'
import { useSubmit } from './use-submit.ts'

/*
 * A minor's guardian on My Page (docs/decisions/184-guardians.md): the registration form asks whether the member
 * will be 13 or under on the event day and, if so, for the guardian's e-mail; the guardian answers in their
 * dashboard. The API refuses a minor's checkout until a guardian confirmed, so the form offers payment only then.
 */

/** Whether a minor may go on to pay: a guardian confirmed and is still registered. */
export const guardianReady = (guardian: Guardian | null) =>
  guardian?.status === 'confirmed' && guardian.guardianRegistered

function guardianStateKey(guardian: Guardian): string {
  if (!guardian.guardianRegistered) return 'guardian.state.notRegistered'
  return `guardian.state.${guardian.status}`
}

/**
 * The minor question and, for a minor, the guardian: who was named, where it stands, and the next step. Tells
 * the form the guardian it loaded or named.
 */
export function MinorQuestion({
  minor,
  onMinorChange,
  guardian,
  onGuardianChange,
}: {
  minor: boolean
  onMinorChange: (minor: boolean) => void
  guardian: Guardian | null
  onGuardianChange: (guardian: Guardian | null) => void
}) {
  const phrase = usePhrases()
  const { t } = useAccountTranslation()
  const { account, handleSessionError } = useMyPage()
  const [email, setEmail] = useState('')
  const [loadError, setLoadError] = useState<unknown>()
  const [attempt, setAttempt] = useState(0)
  const { busy, error, submit } = useSubmit(async (guardianEmail: string) => {
    onGuardianChange(await account.api.nameGuardian({ guardianEmail }))
  })

  useEffect(() => {
    let live = true
    account.api.getGuardian().then(
      (found) => {
        if (!live) return
        onGuardianChange(found)
        if (found) onMinorChange(true)
      },
      (failure: unknown) => {
        if (live && !handleSessionError(failure)) setLoadError(failure)
      },
    )
    return () => {
      live = false
    }
  }, [account, handleSessionError, onGuardianChange, onMinorChange, attempt])

  return (
    <Stack spacing={2}>
      <FormControlLabel
        control={<Checkbox checked={minor} onChange={(event) => onMinorChange(event.target.checked)} />}
        label={t('guardian.question')}
      />
      <Typography variant="body2">{t('guardian.explanation')}</Typography>
      {loadError !== undefined && <LoadError error={loadError} retry={() => setAttempt((n) => n + 1)} />}
      {minor && (
        <Stack spacing={1.5}>
          {guardian && (
            <Alert severity={guardianReady(guardian) ? 'success' : 'info'}>
              {t(guardianStateKey(guardian), { email: guardian.guardianEmail })}
            </Alert>
          )}
          {!guardianReady(guardian) && (
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignItems: 'flex-start' }}>
              <TextField
                type="email"
                label={t('guardian.email')}
                value={email}
                onChange={(event) => setEmail(event.target.value)}
                autoComplete="off"
              />
              <Button
                variant="outlined"
                disabled={busy || email.trim() === ''}
                onClick={() => void submit(email)}
              >
                {phrase(t('guardian.ask'))}
              </Button>
            </Stack>
          )}
          <ErrorAlert error={error} />
        </Stack>
      )}
    </Stack>
  )
}

/** The minors who named the member as guardian, each to confirm or decline. Nothing when there are none. */
export function GuardianRequestsSection() {
  const phrase = usePhrases()
  const { t } = useAccountTranslation()
  const { account, handleSessionError } = useMyPage()
  const [state, setState] = useState<{ wards?: Ward[]; error?: unknown }>({})
  const [attempt, setAttempt] = useState(0)
  const { busy, error, submit } = useSubmit(async (answer: { minorUserId: string; confirm: boolean }) => {
    const answered = await account.api.answerGuardianRequest(answer.minorUserId, answer.confirm)
    setState((before) => ({
      wards: before.wards?.map((ward) => (ward.minorUserId === answered.minorUserId ? answered : ward)),
    }))
  })

  useEffect(() => {
    let live = true
    account.api.getGuardianRequests().then(
      (wards) => {
        if (live) setState({ wards })
      },
      (failure: unknown) => {
        if (live && !handleSessionError(failure)) setState({ error: failure })
      },
    )
    return () => {
      live = false
    }
  }, [account, handleSessionError, attempt])

  if (state.error === undefined && !state.wards?.length) return null
  return (
    <Section id="guardian-requests" heading={t('guardian.requestsHeading')}>
      {state.error !== undefined && <LoadError error={state.error} retry={() => setAttempt((n) => n + 1)} />}
      <Stack spacing={2}>
        {state.wards?.map((ward) => (
          <Stack key={ward.minorUserId} spacing={1} sx={{ alignItems: 'flex-start' }}>
            <Typography>{t(`guardian.request.${ward.status}`, { email: ward.minorEmail })}</Typography>
            {ward.status === 'requested' && (
              <Stack direction="row" spacing={1.5}>
                <Button
                  variant="contained"
                  disabled={busy}
                  onClick={() => void submit({ minorUserId: ward.minorUserId, confirm: true })}
                >
                  {phrase(t('guardian.confirm', { email: ward.minorEmail }))}
                </Button>
                <Button
                  variant="outlined"
                  disabled={busy}
                  onClick={() => void submit({ minorUserId: ward.minorUserId, confirm: false })}
                >
                  {phrase(t('guardian.decline', { email: ward.minorEmail }))}
                </Button>
              </Stack>
            )}
          </Stack>
        ))}
        <ErrorAlert error={error} />
      </Stack>
    </Section>
  )
}
