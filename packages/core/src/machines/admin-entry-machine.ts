import { assign, setup } from 'xstate'
import type { AuthInfo } from '../domain/auth-info.ts'
import {
  type SessionRefreshContext,
  type SignInReason,
  sessionRefreshImplementations,
  sessionRefreshStates,
} from './session-refresh.ts'

/** Where entering the admin area ends. */
export type AdminEntryOutcome =
  | { destination: 'admin'; authInfo: AuthInfo }
  | { destination: 'admin-sign-in'; reason: SignInReason }

export interface AdminEntryContext extends SessionRefreshContext {
  outcome: AdminEntryOutcome | undefined
}

/**
 * Runs each time an admin enters the admin area (docs/requirements.md MY-13): the same refresh as My
 * Page, with the admin session's own tokens (adminAuthInfoRefreshToken) and client id. Any failure, or no
 * refresh token, ends at admin-sign-in; failures other than an expired session are also reported.
 */
export const adminEntryMachine = setup({
  types: {
    context: {} as AdminEntryContext,
    output: {} as AdminEntryOutcome,
    tags: {} as 'busy',
  },
  actors: sessionRefreshImplementations.actors,
  actions: {
    ...sessionRefreshImplementations.actions,
    enter: assign({ outcome: (_, params: { authInfo: AuthInfo }) => ({ destination: 'admin', ...params }) }),
    signIn: assign({ outcome: (_, params: { reason: SignInReason }) => adminSignIn(params.reason) }),
  },
  guards: sessionRefreshImplementations.guards,
}).createMachine({
  id: 'adminEntry',
  context: { refreshToken: undefined, outcome: undefined, error: undefined },
  initial: 'findingRefreshToken',
  states: {
    ...sessionRefreshStates<AdminEntryContext>(),
    entered: { type: 'final' },
    signInRequired: { type: 'final', description: 'No usable admin session: show admin-sign-in.' },
  },
  output: ({ context }) => context.outcome ?? adminSignIn('refresh-failed'),
})

function adminSignIn(reason: SignInReason): AdminEntryOutcome {
  return { destination: 'admin-sign-in', reason }
}
