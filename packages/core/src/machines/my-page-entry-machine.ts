import { assign, setup } from 'xstate'
import { isSessionExpiredError } from '../auth/auth-errors.ts'
import type { AuthInfo } from '../domain/auth-info.ts'
import type { FeatureFlags } from '../domain/feature-flags.ts'
import { logUnreportedError, placeholderActor } from './placeholders.ts'

/** Why the user is sent to sign in, so the sign-in page can say "My Page session expired, sign in again". */
export type SignInReason =
  /** Never signed in on this device, or signed out. Nothing to say. */
  | 'no-refresh-token'
  /** The tokens expired or were refused. */
  | 'session-expired'
  /** The refresh failed for another reason; it was reported to the error service. */
  | 'refresh-failed'

/** Where entering My Page ends: the route to show next. */
export type MyPageEntryOutcome =
  | { destination: 'mypage'; authInfo: AuthInfo; featureFlags: FeatureFlags }
  | { destination: 'network-error' }
  | { destination: 'maintenance' }
  | { destination: 'sign-in'; reason: SignInReason }

export interface MyPageEntryContext {
  featureFlags: FeatureFlags | undefined
  refreshToken: string | undefined
  outcome: MyPageEntryOutcome | undefined
  error: unknown
}

/**
 * Runs once each time the user enters My Page (decision 045):
 * 1. feature flags are force-fetched;
 * 2. flags that never loaded (or a failed fetch) mean a network error is presumed → network-error; flags
 *    saying the site is under maintenance → maintenance;
 * 3. otherwise a stored refresh token is exchanged for a fresh access token → My Page;
 * 4. a refresh that fails because a token expired or was refused → sign-in; any other failure is reported to
 *    the error service and also → sign-in; no refresh token → sign-in.
 *
 * The machine ends in a final state whose output says where to go.
 */
export const myPageEntryMachine = setup({
  types: {
    context: {} as MyPageEntryContext,
    output: {} as MyPageEntryOutcome,
    tags: {} as 'busy',
  },
  actors: {
    /** Force-fetches GET /features. Resolves undefined when the flags could not be loaded. */
    fetchFeatureFlags: placeholderActor<FeatureFlags | undefined, { force: true }>('fetchFeatureFlags'),
    /** Reads the stored member refresh token (authInfoRefreshToken). */
    findRefreshToken: placeholderActor<string | undefined>('findRefreshToken'),
    /** REFRESH_TOKEN_AUTH with that token; stores and returns the new auth info. */
    refreshAccessToken: placeholderActor<AuthInfo, { refreshToken: string }>('refreshAccessToken'),
  },
  actions: {
    /** Sends an unexpected error to the error service. */
    reportError: logUnreportedError,
  },
  guards: {
    isUnderMaintenance: ({ context }) => context.featureFlags?.isUnderMaintenance === true,
    isSessionExpired: (_, params: { error: unknown }) => isSessionExpiredError(params.error),
  },
}).createMachine({
  id: 'myPageEntry',
  context: { featureFlags: undefined, refreshToken: undefined, outcome: undefined, error: undefined },
  initial: 'fetchingFeatureFlags',
  states: {
    fetchingFeatureFlags: {
      tags: 'busy',
      invoke: {
        src: 'fetchFeatureFlags',
        input: { force: true },
        onDone: [
          { guard: ({ event }) => event.output === undefined, target: 'networkError' },
          { target: 'checkingFeatureFlags', actions: assign({ featureFlags: ({ event }) => event.output }) },
        ],
        onError: { target: 'networkError', actions: assign({ error: ({ event }) => event.error }) },
      },
    },
    checkingFeatureFlags: {
      always: [{ guard: 'isUnderMaintenance', target: 'maintenance' }, { target: 'findingRefreshToken' }],
    },
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
          { target: 'signInRequired', actions: assign({ outcome: signIn('no-refresh-token') }) },
        ],
        onError: {
          target: 'signInRequired',
          actions: [
            assign({ error: ({ event }) => event.error, outcome: signIn('refresh-failed') }),
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
          actions: assign({
            outcome: ({ context, event }) =>
              context.featureFlags === undefined
                ? undefined
                : { destination: 'mypage', authInfo: event.output, featureFlags: context.featureFlags },
          }),
        },
        onError: [
          {
            guard: { type: 'isSessionExpired', params: ({ event }) => ({ error: event.error }) },
            target: 'signInRequired',
            actions: assign({ error: ({ event }) => event.error, outcome: signIn('session-expired') }),
          },
          {
            target: 'signInRequired',
            actions: [
              assign({ error: ({ event }) => event.error, outcome: signIn('refresh-failed') }),
              { type: 'reportError', params: ({ event }) => ({ error: event.error }) },
            ],
          },
        ],
      },
      // The token is only needed for the exchange; do not keep it in a snapshot the app may inspect.
      exit: assign({ refreshToken: undefined }),
    },
    entered: { type: 'final', description: 'Fresh access token and flags in hand: show My Page.' },
    networkError: {
      type: 'final',
      description: 'The flags never loaded, so the network is presumed down: show network-error.',
      entry: assign({ outcome: { destination: 'network-error' } }),
    },
    maintenance: { type: 'final', entry: assign({ outcome: { destination: 'maintenance' } }) },
    signInRequired: { type: 'final', description: 'No usable session: show sign-in.' },
  },
  output: ({ context }) => context.outcome ?? { destination: 'sign-in', reason: 'refresh-failed' },
})

function signIn(reason: SignInReason): MyPageEntryOutcome {
  return { destination: 'sign-in', reason }
}
