import { describe, expect, it } from 'vitest'
import type { AuthInfo } from '../domain/auth-info.ts'
import { accessTokenRefreshMarginMs } from '../domain/limits.ts'
import { CognitoError, NetworkError } from '../errors/app-errors.ts'
import { createAppStorage } from '../storage/app-storage.ts'
import { createMemoryStorage, type KeyValueStorage } from '../storage/key-value-storage.ts'
import { RefreshTokenNotFoundError, refreshTokenNotFoundMessage } from './auth-errors.ts'
import {
  type AuthStorageKeys,
  adminAuthStorageKeys,
  createAuthSession,
  memberAuthStorageKeys,
  type SignOutScope,
} from './auth-session.ts'
import type { CognitoAuthClient, SignInResult } from './cognito-auth-client.ts'
import { fakeSignInClient } from './fake-sign-in-client.ts'

const now = 1_700_000_000_000
const user = { email: 'fox@example.com', emailVerified: true, sub: 'user-1' }

function authInfo(accessToken: string): AuthInfo {
  return { accessToken, tokenType: 'Bearer', expiresAt: now + 3_600_000 }
}

/** A fake of the wrapper: one user, password `password1`; refresh token `refresh-1` is valid. */
function fakeClient(): CognitoAuthClient & { revoked: string[] } {
  const revoked: string[] = []
  return fakeSignInClient(
    {
      clientId: 'fake',
      revoked,
      async signIn({ password }): Promise<SignInResult> {
        if (password !== 'password1') throw new CognitoError('NotAuthorizedException')
        return { authInfo: authInfo('access-1'), refreshToken: 'refresh-1', user }
      },
      async respondToNewPasswordChallenge(): Promise<SignInResult> {
        return { authInfo: authInfo('access-new'), refreshToken: 'refresh-new', user }
      },
      async refreshAccessToken({ refreshToken }): Promise<SignInResult> {
        if (refreshToken !== 'refresh-1') {
          throw new CognitoError('NotAuthorizedException', { message: 'Refresh Token has expired' })
        }
        return { authInfo: authInfo('access-2'), refreshToken: undefined, user }
      },
      async signOut({ accessToken }) {
        if (accessToken === 'access-expired') {
          throw new CognitoError('NotAuthorizedException', { message: 'Access Token has expired' })
        }
        revoked.push(accessToken)
      },
      async revokeToken({ refreshToken }) {
        revoked.push(`refresh token ${refreshToken}`)
      },
    },
    'not used here',
  )
}

function createSut(
  keys: AuthStorageKeys = memberAuthStorageKeys,
  initial: Record<string, string> = {},
  scope: SignOutScope = 'everywhere',
) {
  const raw: KeyValueStorage = createMemoryStorage(initial)
  const storage = createAppStorage(raw, () => now)
  const client = fakeClient()
  return {
    sut: createAuthSession(client, storage, keys, { clock: () => now, signOut: scope }),
    raw,
    storage,
    client,
  }
}

function stored(value: unknown): string {
  return JSON.stringify({ value })
}

describe('createAuthSession', () => {
  it('is signed in exactly when auth info is stored', async () => {
    const { sut } = createSut()
    expect(sut.isSignedIn()).toBe(false)

    await sut.signIn({ email: 'fox@example.com', password: 'password1' })

    expect(sut.isSignedIn()).toBe(true)
  })

  it('stores the auth info and, separately, the refresh token on password sign-in', async () => {
    const { sut, storage } = createSut()

    await sut.signIn({ email: 'fox@example.com', password: 'password1' })

    expect(storage.get('authInfo')).toEqual(authInfo('access-1'))
    expect(storage.get('authInfoRefreshToken')).toBe('refresh-1')
    expect(sut.getAuthInfo()).toEqual(authInfo('access-1'))
  })

  it('stores nothing when the sign-in is refused', async () => {
    const { sut, storage } = createSut()

    await expect(sut.signIn({ email: 'fox@example.com', password: 'wrong' })).rejects.toBeInstanceOf(
      CognitoError,
    )

    expect(storage.get('authInfo')).toBeUndefined()
    expect(storage.get('authInfoRefreshToken')).toBeUndefined()
  })

  it('keeps admin tokens under the admin keys, apart from the member ones', async () => {
    const { sut, storage } = createSut(adminAuthStorageKeys)

    await sut.respondToNewPasswordChallenge({
      email: 'admin@example.com',
      newPassword: 'password2',
      session: 's',
    })

    expect(storage.get('adminAuthInfo')).toEqual(authInfo('access-new'))
    expect(storage.get('adminAuthInfoRefreshToken')).toBe('refresh-new')
    expect(storage.get('authInfo')).toBeUndefined()
    expect(storage.get('authInfoRefreshToken')).toBeUndefined()
  })

  describe('refresh', () => {
    it('uses the stored refresh token, stores the new auth info and keeps the refresh token', async () => {
      const { sut, storage } = createSut(memberAuthStorageKeys, { authInfoRefreshToken: stored('refresh-1') })

      const result = await sut.refresh()

      expect(result.authInfo).toEqual(authInfo('access-2'))
      expect(storage.get('authInfo')).toEqual(authInfo('access-2'))
      expect(storage.get('authInfoRefreshToken')).toBe('refresh-1')
    })

    it('prefers a supplied refresh token', async () => {
      const { sut } = createSut(memberAuthStorageKeys, { authInfoRefreshToken: stored('refresh-old') })

      expect((await sut.refresh('refresh-1')).authInfo).toEqual(authInfo('access-2'))
    })

    it('fails with "refresh token is not found" when none is supplied or stored', async () => {
      const { sut } = createSut()

      const error = await sut.refresh().catch((caught: unknown) => caught)

      expect(error).toBeInstanceOf(RefreshTokenNotFoundError)
      expect((error as Error).message).toBe(refreshTokenNotFoundMessage)
      expect(refreshTokenNotFoundMessage).toBe('refresh token is not found')
    })

    it('treats an unreadable stored refresh token as absent', async () => {
      const { sut } = createSut(memberAuthStorageKeys, { authInfoRefreshToken: '{not json' })

      await expect(sut.refresh()).rejects.toBeInstanceOf(RefreshTokenNotFoundError)
    })
  })

  describe('sign-out', () => {
    it('revokes the tokens and clears the access info and refresh token', async () => {
      const { sut, client, raw } = createSut()
      await sut.signIn({ email: 'fox@example.com', password: 'password1' })

      await sut.signOut()

      expect(client.revoked).toEqual(['access-1'])
      expect(raw.getItem('authInfo')).toBeNull()
      expect(raw.getItem('authInfoRefreshToken')).toBeNull()
      expect(sut.isSignedIn()).toBe(false)
    })

    it('clears them even when Cognito refuses the expired token', async () => {
      const { sut, raw } = createSut(memberAuthStorageKeys, {
        authInfo: stored(authInfo('access-expired')),
        authInfoRefreshToken: stored('refresh-1'),
      })

      await expect(sut.signOut()).rejects.toBeInstanceOf(CognitoError)

      expect(raw.getItem('authInfo')).toBeNull()
      expect(raw.getItem('authInfoRefreshToken')).toBeNull()
    })

    it('with the thisDevice scope, revokes only the stored refresh token (not every session) and clears both', async () => {
      const { sut, client, raw } = createSut(adminAuthStorageKeys, {}, 'thisDevice')
      await sut.signIn({ email: 'fox@example.com', password: 'password1' })

      await sut.signOut()

      expect(client.revoked).toEqual(['refresh token refresh-1'])
      expect(raw.getItem('adminAuthInfo')).toBeNull()
      expect(raw.getItem('adminAuthInfoRefreshToken')).toBeNull()
    })

    it('clears a refresh token left without auth info', async () => {
      const { sut, raw, client } = createSut(memberAuthStorageKeys, {
        authInfoRefreshToken: stored('refresh-1'),
      })

      await sut.signOut()

      expect(client.revoked).toEqual([])
      expect(raw.getItem('authInfoRefreshToken')).toBeNull()
    })
  })

  describe('freshAuthInfo', () => {
    /**
     * A member session on a clock the test moves, whose client answers each refresh only when the test says,
     * and counts the refreshes it was asked for.
     */
    function freshSut() {
      const clock = { now }
      const exchanges: { resolve(result: SignInResult): void; reject(error: unknown): void }[] = []
      const client = fakeSignInClient(
        {
          clientId: 'fake',
          signIn: async () => ({ authInfo: authInfo('access-1'), refreshToken: 'refresh-1', user }),
          respondToNewPasswordChallenge: () => Promise.reject(new Error('not used here')),
          refreshAccessToken: () =>
            new Promise<SignInResult>((resolve, reject) => exchanges.push({ resolve, reject })),
          signOut: async () => {},
          revokeToken: async () => {},
        },
        'not used here',
      )
      const storage = createAppStorage(createMemoryStorage(), () => clock.now)
      const sut = createAuthSession(client, storage, memberAuthStorageKeys, { clock: () => clock.now })
      return { sut, clock, exchanges, storage }
    }
    const refreshed: AuthInfo = { accessToken: 'access-2', tokenType: 'Bearer', expiresAt: now + 7_200_000 }

    it('answers the stored auth info without a refresh while it is not due', async () => {
      const { sut, clock, exchanges } = freshSut()
      await sut.signIn({ email: 'fox@example.com', password: 'password1' })
      clock.now = authInfo('access-1').expiresAt - accessTokenRefreshMarginMs - 1

      expect(await sut.freshAuthInfo()).toEqual(authInfo('access-1'))
      expect(exchanges).toHaveLength(0)
    })

    it('refreshes once the token is due (30 s before it expires) and stores the new auth info', async () => {
      const { sut, clock, exchanges, storage } = freshSut()
      await sut.signIn({ email: 'fox@example.com', password: 'password1' })
      clock.now = authInfo('access-1').expiresAt - accessTokenRefreshMarginMs

      const fresh = sut.freshAuthInfo()
      expect(exchanges).toHaveLength(1)
      exchanges[0]?.resolve({ authInfo: refreshed, refreshToken: undefined, user })

      expect(await fresh).toEqual(refreshed)
      expect(storage.get('authInfo')).toEqual(refreshed)
      expect(storage.get('authInfoRefreshToken')).toBe('refresh-1')
    })

    it('refreshes when only the refresh token is kept', async () => {
      const { sut, exchanges, storage } = freshSut()
      storage.set('authInfoRefreshToken', 'refresh-1')

      const fresh = sut.freshAuthInfo()
      exchanges[0]?.resolve({ authInfo: refreshed, refreshToken: undefined, user })

      expect(await fresh).toEqual(refreshed)
    })

    it('gives callers that ask while a refresh runs the same refresh, and starts a new one after it', async () => {
      const { sut, clock, exchanges } = freshSut()
      await sut.signIn({ email: 'fox@example.com', password: 'password1' })
      clock.now = authInfo('access-1').expiresAt

      const callers = [sut.freshAuthInfo(), sut.freshAuthInfo(), sut.refresh().then((r) => r.authInfo)]
      expect(exchanges).toHaveLength(1)
      exchanges[0]?.resolve({ authInfo: refreshed, refreshToken: undefined, user })

      expect(await Promise.all(callers)).toEqual([refreshed, refreshed, refreshed])
      expect(await sut.freshAuthInfo()).toEqual(refreshed)
      expect(exchanges).toHaveLength(1)
      clock.now = refreshed.expiresAt
      void sut.freshAuthInfo()
      expect(exchanges).toHaveLength(2)
    })

    it('fails every waiting caller when the refresh fails, keeps the stored auth info, and tries again on the next call', async () => {
      const { sut, clock, exchanges, storage } = freshSut()
      await sut.signIn({ email: 'fox@example.com', password: 'password1' })
      clock.now = authInfo('access-1').expiresAt
      const offline = new NetworkError(new TypeError('Failed to fetch'))

      const callers = [sut.freshAuthInfo(), sut.freshAuthInfo()].map((call) =>
        call.catch((caught: unknown) => caught),
      )
      exchanges[0]?.reject(offline)

      expect(await Promise.all(callers)).toEqual([offline, offline])
      expect(storage.get('authInfo')).toEqual(authInfo('access-1'))
      const retry = sut.freshAuthInfo()
      expect(exchanges).toHaveLength(2)
      exchanges[1]?.resolve({ authInfo: refreshed, refreshToken: undefined, user })
      expect(await retry).toEqual(refreshed)
    })

    it('fails with "refresh token is not found" when nothing is kept', async () => {
      const { sut, exchanges } = freshSut()

      await expect(sut.freshAuthInfo()).rejects.toBeInstanceOf(RefreshTokenNotFoundError)
      expect(exchanges).toHaveLength(0)
    })
  })
})
