import { assign, emit, setup } from 'xstate'
import { isSessionExpiredError } from '../auth/auth-errors.ts'
import { type Clock, systemClock } from '../clock.ts'
import { type AuthInfo, isAccessTokenDueForRefresh } from '../domain/auth-info.ts'
import { accessTokenRefreshMarginMs } from '../domain/limits.ts'
import { placeholderActor } from './placeholders.ts'

/** How long to wait before trying again after a refresh failed for a reason other than an expired session. */
export const tokenRefreshRetryDelayMs = 10_000

export interface TokenRefreshInput {
  authInfo: AuthInfo
  clock?: Clock
}

export interface TokenRefreshContext {
  authInfo: AuthInfo
  clock: Clock
  /** The last failure, kept for the UI and the error report. */
  error: unknown
}

export type TokenRefreshEvent =
  /** Refresh now, whatever the expiry (e.g. the API just answered 401). */
  | { type: 'token.refresh' }
  /** The user signed in again elsewhere in the app: follow the new token. */
  | { type: 'token.updated'; authInfo: AuthInfo }

export type TokenRefreshEmitted =
  | { type: 'token.refreshed'; authInfo: AuthInfo }
  | { type: 'token.expired'; error: unknown }

/**
 * Keeps one session's access token fresh: it refreshes it 30 s (the refresh margin) before it expires, for as
 * long as the actor runs. Run one per session (member, admin) with that session's refresh implementation.
 *
 * The app listens to `token.refreshed` to hand the new token to its API client and to `token.expired` to send
 * the user to sign in ("My Page session expired, sign in again").
 */
export const tokenRefreshMachine = setup({
  types: {
    context: {} as TokenRefreshContext,
    input: {} as TokenRefreshInput,
    events: {} as TokenRefreshEvent,
    emitted: {} as TokenRefreshEmitted,
    output: {} as { error: unknown },
    tags: {} as 'busy',
  },
  actors: {
    /**
     * The session's fresh access token (REFRESH_TOKEN_AUTH when due, stored); `force` when the token was
     * refused and is exchanged whatever its expiry.
     */
    refreshAccessToken: placeholderActor<AuthInfo, { authInfo: AuthInfo; force: boolean }>(
      'refreshAccessToken',
    ),
  },
  guards: {
    isRefreshDue: ({ context }) => isAccessTokenDueForRefresh(context.authInfo, context.clock),
    isSessionExpired: (_, params: { error: unknown }) => isSessionExpiredError(params.error),
  },
  delays: {
    untilRefreshDue: ({ context }) =>
      Math.max(0, context.authInfo.expiresAt - accessTokenRefreshMarginMs - context.clock()),
    retryDelay: tokenRefreshRetryDelayMs,
  },
}).createMachine({
  id: 'tokenRefresh',
  context: ({ input }) => ({ authInfo: input.authInfo, clock: input.clock ?? systemClock, error: undefined }),
  initial: 'checking',
  on: {
    'token.updated': {
      target: '.checking',
      reenter: true,
      actions: assign({ authInfo: ({ event }) => event.authInfo, error: undefined }),
    },
  },
  states: {
    checking: {
      description: 'Decides whether the token is already due for refresh (for example after the tab slept).',
      always: [{ guard: 'isRefreshDue', target: 'refreshing' }, { target: 'waiting' }],
    },
    waiting: {
      description: 'Sleeps until the access token is due for refresh, 30 s before it expires.',
      after: { untilRefreshDue: 'refreshing' },
      on: { 'token.refresh': 'refreshing' },
    },
    refreshing: {
      tags: 'busy',
      invoke: {
        src: 'refreshAccessToken',
        input: ({ context, event }) => ({
          authInfo: context.authInfo,
          force: event.type === 'token.refresh',
        }),
        onDone: {
          target: 'waiting',
          actions: [
            assign({ authInfo: ({ event }) => event.output, error: undefined }),
            emit(({ event }) => ({ type: 'token.refreshed' as const, authInfo: event.output })),
          ],
        },
        onError: [
          {
            guard: { type: 'isSessionExpired', params: ({ event }) => ({ error: event.error }) },
            target: 'expired',
            actions: assign({ error: ({ event }) => event.error }),
          },
          { target: 'retrying', actions: assign({ error: ({ event }) => event.error }) },
        ],
      },
    },
    retrying: {
      description:
        'The refresh failed for another reason (offline, throttled); the refresh token may still be good, so ' +
        'try again shortly instead of signing the user out.',
      after: { retryDelay: 'refreshing' },
      on: { 'token.refresh': 'refreshing' },
    },
    expired: {
      description: 'The refresh token expired or was revoked: the user must sign in again.',
      type: 'final',
      entry: emit(({ context }) => ({ type: 'token.expired' as const, error: context.error })),
    },
  },
  output: ({ context }) => ({ error: context.error }),
})
