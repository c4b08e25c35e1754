import { describe, expect, it } from 'vitest'
import { createActor, fromPromise, SimulatedClock, toPromise, waitFor } from 'xstate'
import { adminAuthStorageKeys, createAuthSession, memberAuthStorageKeys } from '../auth/auth-session.ts'
import type { CognitoAuthClient, SignInResult } from '../auth/cognito-auth-client.ts'
import type { AuthInfo } from '../domain/auth-info.ts'
import { defaultFeatureFlags, type FeatureFlags } from '../domain/feature-flags.ts'
import { CognitoError } from '../errors/app-errors.ts'
import { createAppStorage } from '../storage/app-storage.ts'
import { createMemoryStorage } from '../storage/key-value-storage.ts'
import { adminEntryMachine } from './admin-entry-machine.ts'
import { adminSignInMachine } from './admin-sign-in-machine.ts'
import { authMachine } from './auth-machine.ts'
import {
  adminSignInActors,
  authMachineActors,
  sessionEntryActors,
  tokenRefreshActors,
} from './auth-session-actors.ts'
import { myPageEntryMachine } from './my-page-entry-machine.ts'
import { tokenRefreshMachine } from './token-refresh-machine.ts'

const user = { email: 'fox@example.com', emailVerified: true, sub: 'user-1' }

/** A fake of the auth client wrapper on a simulated clock; refresh token `refresh-1` is the valid one. */
function fakeClient(clock: SimulatedClock): CognitoAuthClient {
  const signedIn = (accessToken: string, refreshToken?: string): SignInResult => ({
    authInfo: { accessToken, tokenType: 'Bearer', expiresAt: clock.now() + 3_600_000 },
    refreshToken,
    user,
  })
  const done = () => Promise.resolve()
  return {
    clientId: 'fake',
    signIn: async () => signedIn('access-1', 'refresh-1'),
    respondToNewPasswordChallenge: async () => signedIn('access-admin', 'refresh-admin'),
    refreshAccessToken: async ({ refreshToken }) => {
      if (refreshToken === 'refresh-1' || refreshToken === 'refresh-admin') return signedIn('access-2')
      throw new CognitoError('NotAuthorizedException', { message: 'Refresh Token has expired' })
    },
    signOut: done,
    revokeToken: done,
    signUp: done,
    resendConfirmationCode: done,
    confirmSignUp: done,
    changePassword: done,
    forgotPassword: done,
    confirmForgotPassword: done,
    getUser: async () => user,
    updateUserAttributes: done,
    verifyUserAttribute: done,
  }
}

function setUp(initial: Record<string, string> = {}) {
  const clock = new SimulatedClock()
  clock.set(1_000_000)
  const raw = createMemoryStorage(initial)
  const storage = createAppStorage(raw, () => clock.now())
  const client = fakeClient(clock)
  return {
    clock,
    raw,
    member: createAuthSession(client, storage, memberAuthStorageKeys, { clock: () => clock.now() }),
    admin: createAuthSession(client, storage, adminAuthStorageKeys, { clock: () => clock.now() }),
  }
}

const stored = (value: unknown) => JSON.stringify({ value })

describe('auth session actors', () => {
  it('authMachine: sign-in stores the tokens; sign-out clears the access info and refresh token', async () => {
    const { clock, raw, member } = setUp()
    const actor = createActor(authMachine.provide({ actors: authMachineActors(member) }), {
      clock,
      input: { authInfo: member.getAuthInfo() },
    }).start()

    actor.send({ type: 'signIn.submit', email: 'fox@example.com', password: 'password1' })
    await waitFor(actor, (s) => s.matches('signedIn') && !s.hasTag('busy'))
    expect(member.isSignedIn()).toBe(true)
    expect(member.getRefreshToken()).toBe('refresh-1')

    actor.send({ type: 'signOut.submit' })
    const snapshot = await waitFor(actor, (s) => s.matches('signedOut'))

    expect(snapshot.context.authInfo).toBeUndefined()
    expect(raw.getItem('authInfo')).toBeNull()
    expect(raw.getItem('authInfoRefreshToken')).toBeNull()
  })

  it('adminSignInMachine: the answered challenge stores the admin tokens', async () => {
    const { clock, admin } = setUp()
    const actor = createActor(adminSignInMachine.provide({ actors: adminSignInActors(admin) }), {
      clock,
    }).start()
    actor.send({ type: 'signIn.submit', email: 'admin@example.com', password: 'password1' })

    await toPromise(actor)

    expect(admin.getRefreshToken()).toBe('refresh-1')
  })

  describe('entering My Page with the member session', () => {
    const enter = async (initial: Record<string, string>) => {
      const { clock, member } = setUp(initial)
      const sut = myPageEntryMachine.provide({
        actors: {
          ...sessionEntryActors(member),
          fetchFeatureFlags: fromPromise(async (): Promise<FeatureFlags | undefined> => defaultFeatureFlags),
        },
      })
      const outcome = await toPromise(createActor(sut, { clock }).start())
      return { outcome, member }
    }

    it('refreshes with the stored refresh token and stores the new auth info', async () => {
      const { outcome, member } = await enter({ authInfoRefreshToken: stored('refresh-1') })

      expect(outcome).toMatchObject({ destination: 'mypage', authInfo: { accessToken: 'access-2' } })
      expect(member.getAuthInfo()?.accessToken).toBe('access-2')
    })

    it('goes to sign-in without a stored refresh token', async () => {
      expect((await enter({})).outcome).toEqual({ destination: 'sign-in', reason: 'no-refresh-token' })
    })

    it('goes to sign-in when the stored refresh token expired', async () => {
      const { outcome } = await enter({ authInfoRefreshToken: stored('refresh-expired') })

      expect(outcome).toEqual({ destination: 'sign-in', reason: 'session-expired' })
    })

    it('ignores the admin refresh token', async () => {
      const { outcome } = await enter({ adminAuthInfoRefreshToken: stored('refresh-admin') })

      expect(outcome).toEqual({ destination: 'sign-in', reason: 'no-refresh-token' })
    })
  })

  it('adminEntryMachine refreshes with the admin refresh token only', async () => {
    const { clock, admin } = setUp({ adminAuthInfoRefreshToken: stored('refresh-admin') })
    const sut = adminEntryMachine.provide({ actors: sessionEntryActors(admin) })

    const outcome = await toPromise(createActor(sut, { clock }).start())

    expect(outcome).toMatchObject({ destination: 'admin', authInfo: { accessToken: 'access-2' } })
  })

  it('tokenRefreshMachine refreshes with the stored token when due', async () => {
    const { clock, member } = setUp({ authInfoRefreshToken: stored('refresh-1') })
    const authInfo: AuthInfo = {
      accessToken: 'access-1',
      tokenType: 'Bearer',
      expiresAt: clock.now() + 60_000,
    }
    const actor = createActor(tokenRefreshMachine.provide({ actors: tokenRefreshActors(member) }), {
      clock,
      input: { authInfo, clock: () => clock.now() },
    }).start()

    clock.increment(30_000)
    const snapshot = await waitFor(
      actor,
      (s) => s.matches('waiting') && s.context.authInfo.accessToken === 'access-2',
    )

    expect(member.getAuthInfo()).toEqual(snapshot.context.authInfo)
  })

  describe('tokenRefreshMachine over the session', () => {
    /** The machine holds `access-1`, due in 30 s; a page has since stored `access-page`, fresh for an hour. */
    function renewedByAPage() {
      const { clock, member, raw } = setUp({ authInfoRefreshToken: stored('refresh-1') })
      const page: AuthInfo = {
        accessToken: 'access-page',
        tokenType: 'Bearer',
        expiresAt: clock.now() + 3_600_000,
      }
      const held: AuthInfo = { accessToken: 'access-1', tokenType: 'Bearer', expiresAt: clock.now() + 60_000 }
      const actor = createActor(tokenRefreshMachine.provide({ actors: tokenRefreshActors(member) }), {
        clock,
        input: { authInfo: held, clock: () => clock.now() },
      }).start()
      raw.setItem('authInfo', stored(page))
      return { clock, member, page, actor }
    }

    it('takes the token a page already renewed instead of an exchange of its own', async () => {
      const { clock, member, page, actor } = renewedByAPage()

      clock.increment(30_000)
      const snapshot = await waitFor(actor, (s) => s.context.authInfo.accessToken !== 'access-1')

      expect(snapshot.value).toBe('waiting')
      expect(snapshot.context.authInfo).toEqual(page)
      expect(member.getAuthInfo()).toEqual(page)
    })

    it('exchanges on token.refresh whatever the stored token says', async () => {
      const { member, actor } = renewedByAPage()

      actor.send({ type: 'token.refresh' })
      const snapshot = await waitFor(
        actor,
        (s) => s.matches('waiting') && s.context.authInfo.accessToken !== 'access-1',
      )

      expect(snapshot.context.authInfo.accessToken).toBe('access-2')
      expect(member.getAuthInfo()?.accessToken).toBe('access-2')
    })
  })
})
