import { type AnyEventObject, assign, type EventObject } from 'xstate'
import { isSessionExpiredError } from '../auth/auth-errors.ts'
import type { AuthInfo } from '../domain/auth-info.ts'
import { logUnreportedError, placeholderActor } from './placeholders.ts'

/** Why the user is sent to sign in, so the sign-in page can say "My Page session expired, sign in again". */
export type SignInReason =
  /** Never signed in on this device, or signed out. Nothing to say. */
  | 'no-refresh-token'
  /** The tokens expired or were refused. */
  | 'session-expired'
  /** The refresh failed for another reason; it was reported to the error service. */
  | 'refresh-failed'

/** What the refresh keeps in the context of a machine that uses it. */
export interface SessionRefreshContext {
  refreshToken: string | undefined
  error: unknown
}

type ErrorEvent = { event: { error: unknown } }

const reportError = {
  type: 'reportError',
  params: ({ event }: ErrorEvent) => ({ error: event.error }),
} as const
const signIn = (reason: SignInReason) => ({ type: 'signIn', params: { reason } }) as const

/**
 * The implementations an entering machine declares for the refresh; its app supplies the actors for its own
 * session (the member's or the admin's) with `machine.provide({ actors })`.
 */
export const sessionRefreshImplementations = {
  actors: {
    /** Reads the stored refresh token of the session. */
    findRefreshToken: placeholderActor<string | undefined>('findRefreshToken'),
    /** REFRESH_TOKEN_AUTH with that token; stores and returns the new auth info. */
    refreshAccessToken: placeholderActor<AuthInfo, { refreshToken: string }>('refreshAccessToken'),
  },
  actions: {
    /** Sends an unexpected error to the error service. */
    reportError: logUnreportedError,
  },
  guards: {
    isSessionExpired: (_: unknown, params: { error: unknown }) => isSessionExpiredError(params.error),
    hasRefreshToken: (_: unknown, params: { refreshToken: string | undefined }) =>
      params.refreshToken !== undefined && params.refreshToken !== '',
  },
}

/**
 * Exchanging the stored refresh token for a fresh access token, the same on entering My Page and the admin
 * area (docs/requirements.md MY-4, MY-5, MY-13). It ends in `entered` after the machine's `enter` action, or
 * in `signInRequired` after its `signIn` action with the reason: no refresh token (silently), a token that
 * expired or was refused (silently), any other failure (reported). The token is only needed for the exchange,
 * so it is not kept in a snapshot the app may inspect.
 */
export function sessionRefreshStates<TContext extends SessionRefreshContext>() {
  /** `assign` for the refresh's own context fields, in the machine's context type. */
  const assignRefresh = (change: (event: AnyEventObject) => Partial<SessionRefreshContext>) =>
    assign<TContext, AnyEventObject, undefined, EventObject, never>(
      ({ event }) => change(event) as Partial<TContext>,
    )
  const keepError = assignRefresh((event) => ({ error: event.error }))
  return {
    findingRefreshToken: {
      tags: 'busy',
      invoke: {
        src: 'findRefreshToken',
        onDone: [
          {
            guard: {
              type: 'hasRefreshToken',
              params: ({ event }: { event: { output: string | undefined } }) => ({
                refreshToken: event.output,
              }),
            },
            target: 'refreshingAccessToken',
            actions: assignRefresh((event) => ({ refreshToken: event.output })),
          },
          { target: 'signInRequired', actions: signIn('no-refresh-token') },
        ],
        onError: { target: 'signInRequired', actions: [keepError, signIn('refresh-failed'), reportError] },
      },
    },
    refreshingAccessToken: {
      tags: 'busy',
      invoke: {
        src: 'refreshAccessToken',
        input: ({ context }: { context: SessionRefreshContext }) => ({
          refreshToken: context.refreshToken ?? '',
        }),
        onDone: {
          target: 'entered',
          actions: {
            type: 'enter',
            params: ({ event }: { event: { output: AuthInfo } }) => ({ authInfo: event.output }),
          },
        },
        onError: [
          {
            guard: { type: 'isSessionExpired', params: ({ event }: ErrorEvent) => ({ error: event.error }) },
            target: 'signInRequired',
            actions: [keepError, signIn('session-expired')],
          },
          { target: 'signInRequired', actions: [keepError, signIn('refresh-failed'), reportError] },
        ],
      },
      exit: assignRefresh(() => ({ refreshToken: undefined })),
    },
  } as const
}
