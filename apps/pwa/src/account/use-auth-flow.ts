import { type AuthInfo, authMachine, authMachineActors } from '@furfes/core'
import { useMachine } from '@xstate/react'
import { useMemo } from 'react'
import type { AccountServices } from './account-services.ts'

/**
 * The account flows of core's auth machine (sign-up, verification, sign-in, password reset, and signed in:
 * password and e-mail changes), over the member session. Signed-out pages start it signed out whatever is
 * stored, so a stale session never stands in the way of signing in again.
 */
export function useAuthFlow(account: AccountServices, authInfo?: AuthInfo) {
  const machine = useMemo(
    () => authMachine.provide({ actors: authMachineActors(account.session) }),
    [account],
  )
  const [snapshot, send, actor] = useMachine(machine, { input: { authInfo } })
  return { snapshot, send, actor, busy: snapshot.hasTag('busy') }
}
