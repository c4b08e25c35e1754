import { assign, setup } from 'xstate'
import { isSessionExpiredError } from '../auth/auth-errors.ts'
import type { AuthInfo } from '../domain/auth-info.ts'
import type { SignInReason } from './my-page-entry-machine.ts'
import { logUnreportedError, placeholderActor } from './placeholders.ts'

/** Where entering the admin area ends. */
export type AdminEntryOutcome =
  | { destination: 'admin'; authInfo: AuthInfo }
  | { destination: 'admin-sign-in'; reason: SignInReason }

export interface AdminEntryContext {
  refreshToken: string | undefined
  outcome: AdminEntryOutcome | undefined
  error: unknown
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
  actors: {
    /** Reads the stored admin refresh token. */
    findRefreshToken: placeholderActor<string | undefined>('findRefreshToken'),
    /** REFRESH_TOKEN_AUTH against the admins' app client; stores and returns the new auth info. */
    refreshAccessToken: placeholderActor<AuthInfo, { refreshToken: string }>('refreshAccessToken'),
  },
  actions: {
    reportError: logUnreportedError,
  },
  guards: {
    isSessionExpired: (_, params: { error: unknown }) => isSessionExpiredError(params.error),
  },
}).createMachine({
  id: 'adminEntry',
  context: { refreshToken: undefined, outcome: undefined, error: undefined },
  initial: 'findingRefreshToken',
  states: {
    findingRefreshToken: {
      tags: 'busy',
      invoke: {
        src: 'findRefreshToken',
        onDone: [
          {
            guard: ({ event }) => event.output !== undefined && event.output !== '',
            target: 'refreshingAccessToken',
            actions: assign({ refreshToken: ({ event }) => event.output }),
          },
          { target: 'signInRequired', actions: assign({ outcome: adminSignIn('no-refresh-token') }) },
        ],
        onError: {
          target: 'signInRequired',
          actions: [
            assign({ error: ({ event }) => event.error, outcome: adminSignIn('refresh-failed') }),
            { type: 'reportError', params: ({ event }) => ({ error: event.error }) },
          ],
        },
      },
    },
    refreshingAccessToken: {
      tags: 'busy',
      invoke: {
        src: 'refreshAccessToken',
        input: ({ context }) => ({ refreshToken: context.refreshToken ?? '' }),
        onDone: {
          target: 'entered',
          actions: assign({ outcome: ({ event }) => ({ destination: 'admin', authInfo: event.output }) }),
        },
        onError: [
          {
            guard: { type: 'isSessionExpired', params: ({ event }) => ({ error: event.error }) },
            target: 'signInRequired',
            actions: assign({ error: ({ event }) => event.error, outcome: adminSignIn('session-expired') }),
          },
          {
            target: 'signInRequired',
            actions: [
              assign({ error: ({ event }) => event.error, outcome: adminSignIn('refresh-failed') }),
              { type: 'reportError', params: ({ event }) => ({ error: event.error }) },
            ],
          },
        ],
      },
      exit: assign({ refreshToken: undefined }),
    },
    entered: { type: 'final' },
    signInRequired: { type: 'final', description: 'No usable admin session: show admin-sign-in.' },
  },
  output: ({ context }) => context.outcome ?? adminSignIn('refresh-failed'),
})

function adminSignIn(reason: SignInReason): AdminEntryOutcome {
  return { destination: 'admin-sign-in', reason }
}
