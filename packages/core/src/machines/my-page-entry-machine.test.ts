import { describe, expect, it } from 'vitest'
import { createActor, fromPromise, SimulatedClock, toPromise } from 'xstate'
import { RefreshTokenNotFoundError } from '../auth/auth-errors.ts'
import type { AuthInfo } from '../domain/auth-info.ts'
import type { FeatureFlags } from '../domain/feature-flags.ts'
import { AuthenticationError, CognitoError, NetworkError } from '../errors/app-errors.ts'
import { myPageEntryMachine } from './my-page-entry-machine.ts'

const flags: FeatureFlags = {
  isNewClubActivityEstablishmentAvailable: true,
  isRegistrationAvailable: true,
  isUnderMaintenance: false,
}
const freshAuthInfo: AuthInfo = { accessToken: 'fresh-access', tokenType: 'Bearer', expiresAt: 3_600_000 }

interface Scenario {
  /** What GET /features gives when force-fetched; an Error rejects. */
  featureFlags?: FeatureFlags | undefined | Error
  refreshToken?: string | undefined | Error
  /** What the refresh gives; an Error rejects. */
  refresh?: AuthInfo | Error
}

/** Runs the machine to its end with fake actors; returns where it went and what was reported. */
async function enterMyPage(scenario: Scenario) {
  const reported: unknown[] = []
  const refreshedWith: string[] = []
  const sut = myPageEntryMachine.provide({
    actors: {
      fetchFeatureFlags: fromPromise(async ({ input }) => {
        // Entering My Page must not trust cached flags.
        if (!input.force) throw new Error('flags were not force-fetched')
        if (scenario.featureFlags instanceof Error) throw scenario.featureFlags
        return 'featureFlags' in scenario ? scenario.featureFlags : flags
      }),
      findRefreshToken: fromPromise(async () => {
        if (scenario.refreshToken instanceof Error) throw scenario.refreshToken
        return 'refreshToken' in scenario ? scenario.refreshToken : 'stored-refresh-token'
      }),
      refreshAccessToken: fromPromise(async ({ input }) => {
        refreshedWith.push(input.refreshToken)
        if (scenario.refresh instanceof Error) throw scenario.refresh
        return scenario.refresh ?? freshAuthInfo
      }),
    },
    actions: { reportError: (_, { error }) => reported.push(error) },
  })
  const actor = createActor(sut, { clock: new SimulatedClock() })
  const busyAtStart = actor.start().getSnapshot().hasTag('busy')
  const outcome = await toPromise(actor)
  const snapshot = actor.getSnapshot()
  return { outcome, state: snapshot.value, context: snapshot.context, reported, refreshedWith, busyAtStart }
}

describe('myPageEntryMachine (entering My Page)', () => {
  it('step 1: force-fetches the flags while busy, then refreshes with the stored token and enters My Page', async () => {
    const result = await enterMyPage({})

    expect(result.busyAtStart).toBe(true)
    expect(result.state).toBe('entered')
    expect(result.refreshedWith).toEqual(['stored-refresh-token'])
    expect(result.outcome).toEqual({ destination: 'mypage', authInfo: freshAuthInfo, featureFlags: flags })
    expect(result.reported).toEqual([])
  })

  it('step 2: flags that never loaded mean a network error is presumed', async () => {
    const result = await enterMyPage({ featureFlags: undefined })

    expect(result.state).toBe('networkError')
    expect(result.outcome).toEqual({ destination: 'network-error' })
    expect(result.refreshedWith).toEqual([])
  })

  it('step 2: a failed flags fetch goes to network-error', async () => {
    const failure = new NetworkError(new TypeError('Failed to fetch'))
    const result = await enterMyPage({ featureFlags: failure })

    expect(result.state).toBe('networkError')
    expect(result.outcome).toEqual({ destination: 'network-error' })
    expect(result.context.error).toBe(failure)
    expect(result.refreshedWith).toEqual([])
  })

  it('step 2: under maintenance goes to maintenance without touching the session', async () => {
    const result = await enterMyPage({ featureFlags: { ...flags, isUnderMaintenance: true } })

    expect(result.state).toBe('maintenance')
    expect(result.outcome).toEqual({ destination: 'maintenance' })
    expect(result.refreshedWith).toEqual([])
  })

  it('step 3: with no refresh token stored, goes to sign-in without reporting', async () => {
    const result = await enterMyPage({ refreshToken: undefined })

    expect(result.state).toBe('signInRequired')
    expect(result.outcome).toEqual({ destination: 'sign-in', reason: 'no-refresh-token' })
    expect(result.refreshedWith).toEqual([])
    expect(result.reported).toEqual([])
  })

  it('step 3: an empty stored refresh token counts as none', async () => {
    const result = await enterMyPage({ refreshToken: '' })

    expect(result.outcome).toEqual({ destination: 'sign-in', reason: 'no-refresh-token' })
  })

  it.each([
    [
      'Access Token has expired',
      new CognitoError('NotAuthorizedException', { message: 'Access Token has expired' }),
    ],
    [
      'Refresh Token has expired',
      new CognitoError('NotAuthorizedException', { message: 'Refresh Token has expired' }),
    ],
    ['a bare expired-token message', new Error('Refresh Token has expired')],
    [
      'a refused refresh token',
      new CognitoError('NotAuthorizedException', { message: 'Invalid Refresh Token' }),
    ],
    ['an authentication error from the API', new AuthenticationError()],
    ['no refresh token found at refresh time', new RefreshTokenNotFoundError()],
  ])(
    'step 4: a refresh failing with %s goes to sign-in as an expired session, unreported',
    async (_, error) => {
      const result = await enterMyPage({ refresh: error })

      expect(result.state).toBe('signInRequired')
      expect(result.outcome).toEqual({ destination: 'sign-in', reason: 'session-expired' })
      expect(result.context.error).toBe(error)
      expect(result.reported).toEqual([])
    },
  )

  it.each([
    ['a Cognito internal error', new CognitoError('InternalErrorException')],
    ['an unknown Cognito error', new CognitoError('SomethingNewException')],
    ['a network failure', new NetworkError(new TypeError('Failed to fetch'))],
    ['a bug', new TypeError('x is undefined')],
  ])('step 4: a refresh failing with %s is reported and goes to sign-in', async (_, error) => {
    const result = await enterMyPage({ refresh: error })

    expect(result.state).toBe('signInRequired')
    expect(result.outcome).toEqual({ destination: 'sign-in', reason: 'refresh-failed' })
    expect(result.reported).toEqual([error])
  })

  it('reports a storage failure while reading the refresh token and goes to sign-in', async () => {
    const failure = new Error('storage unreadable')
    const result = await enterMyPage({ refreshToken: failure })

    expect(result.outcome).toEqual({ destination: 'sign-in', reason: 'refresh-failed' })
    expect(result.reported).toEqual([failure])
  })

  it('does not keep the refresh token in its snapshot', async () => {
    const result = await enterMyPage({})

    expect(result.context.refreshToken).toBeUndefined()
  })
})
