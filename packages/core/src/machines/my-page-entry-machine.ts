import { assign, setup } from 'xstate'
import type { AuthInfo } from '../domain/auth-info.ts'
import type { FeatureFlags } from '../domain/feature-flags.ts'
import { placeholderActor } from './placeholders.ts'
import {
  type SessionRefreshContext,
  type SignInReason,
  sessionRefreshImplementations,
  sessionRefreshStates,
} from './session-refresh.ts'

/** Where entering My Page ends: the route to show next. */
export type MyPageEntryOutcome =
  | { destination: 'mypage'; authInfo: AuthInfo; featureFlags: FeatureFlags }
  | { destination: 'network-error' }
  | { destination: 'maintenance' }
  | { destination: 'sign-in'; reason: SignInReason }

export interface MyPageEntryContext extends SessionRefreshContext {
  featureFlags: FeatureFlags | undefined
  outcome: MyPageEntryOutcome | undefined
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
    /** findRefreshToken and refreshAccessToken, over the member session (authInfoRefreshToken). */
    ...sessionRefreshImplementations.actors,
  },
  actions: {
    ...sessionRefreshImplementations.actions,
    enter: assign({
      outcome: ({ context }, params: { authInfo: AuthInfo }) =>
        context.featureFlags === undefined
          ? undefined
          : { destination: 'mypage', authInfo: params.authInfo, featureFlags: context.featureFlags },
    }),
    signIn: assign({ outcome: (_, params: { reason: SignInReason }) => signIn(params.reason) }),
  },
  guards: {
    ...sessionRefreshImplementations.guards,
    isUnderMaintenance: ({ context }) => context.featureFlags?.isUnderMaintenance === true,
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
    ...sessionRefreshStates<MyPageEntryContext>(),
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
