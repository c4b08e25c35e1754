import { describeError } from '@furfes/core'
import { Alert, Box, Button, CircularProgress, Container, Stack, TextField, Typography } from '@mui/material'
import type { HTMLInputTypeAttribute, ReactNode } from 'react'
import { useEffect, useState } from 'react'
import { useServices } from '../app/services.tsx'
import type { AccountServices } from './account-services.ts'
import type { ZodForm } from './form.ts'
import { useAccountTitle, useAccountTranslation } from './i18n.ts'
import type ja from './locales/ja/account.json'

export type AccountTitleKey = keyof typeof ja.titles

/** An account page: a narrow column under its heading, with the Japanese document title. */
export function AccountPage({
  titleKey,
  lead,
  children,
  width = 'sm',
}: {
  titleKey: AccountTitleKey
  lead?: ReactNode
  children?: ReactNode
  width?: 'sm' | 'md'
}) {
  const { t } = useAccountTranslation()
  useAccountTitle(titleKey)
  return (
    <Container maxWidth={width} sx={{ py: { xs: 3, md: 5 } }}>
      <Typography variant="h4" component="h1" id="page-heading" sx={{ fontWeight: 700, mb: 2 }}>
        {t(`titles.${titleKey}`)}
      </Typography>
      {lead && <Typography sx={{ mb: 3 }}>{lead}</Typography>}
      {children}
    </Container>
  )
}

/** Says, in the catalogue's words, what went wrong; reports what nobody expected. */
export function ErrorAlert({ error, action }: { error: unknown; action?: ReactNode }) {
  const { describe } = useAccountTranslation()
  const services = useServices()
  useEffect(() => {
    if (error !== undefined && describeError(error).unexpected) services.errors.report(error)
  }, [error, services])
  if (error === undefined) return null
  return (
    <Alert severity="error" role="alert" action={action} sx={{ mb: 2 }}>
      {describe(error)}
    </Alert>
  )
}

/** A status line with a spinner, announced politely. */
export function Busy({ label }: { label?: string }) {
  const { t } = useAccountTranslation()
  return (
    <Stack direction="row" spacing={2} sx={{ alignItems: 'center', py: 2 }} role="status">
      <CircularProgress size={24} aria-hidden />
      <Typography>{label ?? t('common.loading')}</Typography>
    </Stack>
  )
}

/** A text field bound to a form: labelled, with its validation message (or hint) below it. */
export function FormTextField<Values extends Record<string, unknown>, Output>({
  form,
  name,
  label,
  type = 'text',
  autoComplete,
  hint,
  disabled,
  required = true,
  inputMode,
}: {
  form: ZodForm<Values, Output>
  name: keyof Values & string
  label: string
  type?: HTMLInputTypeAttribute
  autoComplete?: string
  hint?: string
  disabled?: boolean
  required?: boolean
  inputMode?: 'numeric' | 'email' | 'text'
}) {
  const { errorText } = useAccountTranslation()
  const message = form.errors[name]
  const value = form.values[name]
  return (
    <TextField
      name={name}
      label={label}
      type={type}
      value={typeof value === 'string' ? value : ''}
      onChange={(event) => form.setValue(name, event.target.value as Values[typeof name])}
      error={message !== undefined}
      helperText={message ? errorText(message.key, message.values) : hint}
      autoComplete={autoComplete}
      disabled={disabled}
      required={required}
      fullWidth
      slotProps={{ htmlInput: inputMode ? { inputMode } : {} }}
    />
  )
}

/** The form's main button, disabled while a request runs. */
export function SubmitButton({ busy, children }: { busy: boolean; children: ReactNode }) {
  return (
    <Box>
      <Button type="submit" variant="contained" size="large" disabled={busy} aria-busy={busy}>
        {children}
      </Button>
    </Box>
  )
}

type AccountServicesState =
  | { status: 'loading' }
  | { status: 'ready'; account: AccountServices }
  | { status: 'failed'; error: unknown; retry: () => void }

/** The account services, loaded on first use of an account page (configuration, session, API client). */
function useAccountServices(): AccountServicesState {
  const services = useServices()
  const [attempt, setAttempt] = useState(0)
  const [state, setState] = useState<AccountServicesState>({ status: 'loading' })
  useEffect(() => {
    let live = true
    services.account().then(
      (account) => live && setState({ status: 'ready', account }),
      (error: unknown) =>
        live && setState({ status: 'failed', error, retry: () => setAttempt((count) => count + 1) }),
    )
    return () => {
      live = false
    }
  }, [services, attempt])
  return state
}

/** Renders its children with the account services once they have loaded, else says why not. */
export function WithAccount({ children }: { children: (account: AccountServices) => ReactNode }) {
  const state = useAccountServices()
  const { t } = useAccountTranslation()
  if (state.status === 'loading') return <Busy />
  if (state.status === 'failed')
    return (
      <ErrorAlert
        error={state.error}
        action={
          <Button color="inherit" size="small" onClick={state.retry}>
            {t('common.retry')}
          </Button>
        }
      />
    )
  return children(state.account)
}
