import { describe, expect, it } from 'vitest'
import { createActor, fromPromise, SimulatedClock, toPromise } from 'xstate'
import type { AuthInfo } from '../domain/auth-info.ts'
import { CognitoError } from '../errors/app-errors.ts'
import { adminEntryMachine } from './admin-entry-machine.ts'

const adminAuthInfo: AuthInfo = { accessToken: 'admin-access', tokenType: 'Bearer', expiresAt: 3_600_000 }

async function enterAdmin(scenario: { refreshToken?: string | undefined; refresh?: AuthInfo | Error }) {
  const reported: unknown[] = []
  const sut = adminEntryMachine.provide({
    actors: {
      findRefreshToken: fromPromise(async () =>
        'refreshToken' in scenario ? scenario.refreshToken : 'admin-refresh-token',
      ),
      refreshAccessToken: fromPromise(async ({ input }) => {
        if (input.refreshToken !== 'admin-refresh-token') throw new Error('refreshed with the wrong token')
        if (scenario.refresh instanceof Error) throw scenario.refresh
        return scenario.refresh ?? adminAuthInfo
      }),
    },
    actions: { reportError: (_, { error }) => reported.push(error) },
  })
  const actor = createActor(sut, { clock: new SimulatedClock() }).start()
  const outcome = await toPromise(actor)
  return { outcome, state: actor.getSnapshot().value, reported }
}

describe('adminEntryMachine (entering the admin area)', () => {
  it('refreshes with the admin refresh token and enters the admin area', async () => {
    const result = await enterAdmin({})

    expect(result.state).toBe('entered')
    expect(result.outcome).toEqual({ destination: 'admin', authInfo: adminAuthInfo })
  })

  it('goes to admin-sign-in when no admin refresh token is stored', async () => {
    const result = await enterAdmin({ refreshToken: undefined })

    expect(result.state).toBe('signInRequired')
    expect(result.outcome).toEqual({ destination: 'admin-sign-in', reason: 'no-refresh-token' })
    expect(result.reported).toEqual([])
  })

  it('goes to admin-sign-in when the refresh token expired, without reporting', async () => {
    const expired = new CognitoError('NotAuthorizedException', { message: 'Refresh Token has expired' })
    const result = await enterAdmin({ refresh: expired })

    expect(result.outcome).toEqual({ destination: 'admin-sign-in', reason: 'session-expired' })
    expect(result.reported).toEqual([])
  })

  it('goes to admin-sign-in on any other failure, and reports it', async () => {
    const failure = new CognitoError('InternalErrorException')
    const result = await enterAdmin({ refresh: failure })

    expect(result.outcome).toEqual({ destination: 'admin-sign-in', reason: 'refresh-failed' })
    expect(result.reported).toEqual([failure])
  })
})
