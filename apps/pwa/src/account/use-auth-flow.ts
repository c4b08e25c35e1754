import { type AuthEvent, type AuthInfo, authMachine, authMachineActors } from '@furfes/core'
import { type FormSchema, useZodForm } from '@furfes/ui/forms'
import { useMachine } from '@xstate/react'
import { useEffect, useMemo, useRef } from 'react'
import { type NavigateOptions, useNavigate } from 'react-router'
import type { AccountServices } from './account-services.ts'
import { useEmailQuery } from './query.ts'

/**
 * The account flows of core's auth machine (sign-up, verification, sign-in, password reset, and signed in:
 * password and e-mail changes), over the member session. Signed-out pages start it signed out whatever is
 * stored, so a stale session never stands in the way of signing in again.
 */
function useAuthFlow(account: AccountServices, authInfo?: AuthInfo) {
  const machine = useMemo(
    () => authMachine.provide({ actors: authMachineActors(account.session) }),
    [account],
  )
  const [snapshot, send, actor] = useMachine(machine, { input: { authInfo } })
  return { snapshot, send, actor, busy: snapshot.hasTag('busy') }
}

/**
 * A signed-out account page's form: its values checked by `schema`, then sent to the auth flow as the event
 * `toEvent` makes of them. Each of these forms carries the e-mail address, prefilled from the `email` query
 * unless the page gives it. `formProps` wire a `SchemaForm` to both, the flow's last error shown above it.
 */
export function useAuthForm<Values extends { email: string }>(
  account: AccountServices,
  schema: FormSchema<Values>,
  initial: Omit<Values, 'email'> & { email?: string },
  toEvent: (values: Values) => AuthEvent,
) {
  const flow = useAuthFlow(account)
  const email = useEmailQuery()
  const form = useZodForm<Values, Values>(schema, { email: email ?? '', ...initial } as Values)
  const formProps = {
    form,
    onValid: (values: Values) => flow.send(toEvent(values)),
    error: flow.snapshot.context.error,
  }
  return { ...flow, form, formProps }
}

/** Goes on to `to` once `when` holds: the flow has reached the state the page leads on from. */
export function useNavigateWhen(when: boolean, to: string, options?: NavigateOptions) {
  const navigate = useNavigate()
  // The options (history state) go with the address; a new object on each render must not navigate again.
  const latest = useRef(options)
  latest.current = options
  useEffect(() => {
    if (when) void navigate(to, latest.current)
  }, [when, to, navigate])
}
