import { ErrorAlert, usePhrases } from '@furfes/ui'
import { FormTextField, PasswordField, type ZodForm } from '@furfes/ui/forms'
import { Alert, Button, Container, Typography } from '@mui/material'
import type { ReactNode } from 'react'
import { useEffect, useState } from 'react'
import { useServices } from '../app/services.tsx'
import type { AccountServices } from './account-services.ts'
import { Busy } from './Busy.tsx'
import { useAccountTitle, useAccountTranslation } from './i18n.ts'
import type ja from './locales/ja/account.json'

export type AccountTitleKey = keyof typeof ja.titles

/**
 * An account page: a narrow column under its heading, with the Japanese document title. `withAccount` renders
 * the page's body once the account services have loaded (a spinner until then, the failure with Retry).
 */
export function AccountPage({
  titleKey,
  lead,
  children,
  withAccount,
  width = 'sm',
}: {
  titleKey: AccountTitleKey
  lead?: ReactNode
  children?: ReactNode
  withAccount?: (account: AccountServices) => ReactNode
  width?: 'sm' | 'md'
}) {
  const phrase = usePhrases()
  const { t } = useAccountTranslation()
  useAccountTitle(titleKey)
  return (
    <Container maxWidth={width} sx={{ py: { xs: 3, md: 5 } }}>
      <Typography variant="h4" component="h1" id="page-heading" sx={{ fontWeight: 700, mb: 2 }}>
        {phrase(t(`titles.${titleKey}`))}
      </Typography>
      {lead && <Typography sx={{ mb: 3 }}>{lead}</Typography>}
      {children}
      {withAccount && <WithAccount>{withAccount}</WithAccount>}
    </Container>
  )
}

/** A piece of news about the page's flow (a code resent, a password changed), announced politely. */
export function Notice({
  severity = 'success',
  children,
}: {
  severity?: 'success' | 'info' | 'warning'
  children: ReactNode
}) {
  return (
    <Alert severity={severity} role="status" sx={{ mb: 2 }}>
      {children}
    </Alert>
  )
}

/** The verification code Cognito mailed: numeric, and offered by the browser from the message. */
export function CodeField<Values extends { code: string }, Output>({
  form,
}: {
  form: ZodForm<Values, Output>
}) {
  const { t } = useAccountTranslation()
  return (
    <FormTextField
      form={form}
      name="code"
      label={t('fields.code')}
      autoComplete="one-time-code"
      inputMode="numeric"
    />
  )
}

/** A password being chosen: the password manager may suggest one, and the rules stand under it. */
export function NewPasswordField<Values extends Record<string, unknown>, Output>({
  form,
  name,
}: {
  form: ZodForm<Values, Output>
  name: keyof Values & string
}) {
  const { t } = useAccountTranslation()
  return (
    <PasswordField
      purpose="new"
      form={form}
      name={name}
      label={t(name === 'newPassword' ? 'fields.newPassword' : 'fields.password')}
      hint={t('fields.passwordHint')}
    />
  )
}

/** The quieter action under a form (resend the code, cancel). */
export function SecondaryAction({
  disabled,
  onClick,
  children,
}: {
  disabled: boolean
  onClick: () => void
  children: ReactNode
}) {
  return (
    <Button sx={{ mt: 2 }} disabled={disabled} onClick={onClick}>
      {children}
    </Button>
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
function WithAccount({ children }: { children: (account: AccountServices) => ReactNode }) {
  const phrase = usePhrases()
  const state = useAccountServices()
  const { t } = useAccountTranslation()
  if (state.status === 'loading') return <Busy />
  if (state.status === 'failed')
    return (
      <ErrorAlert
        error={state.error}
        action={
          <Button color="inherit" size="small" onClick={state.retry}>
            {phrase(t('common.retry'))}
          </Button>
        }
      />
    )
  return children(state.account)
}
