import type { AuthInfo } from '../domain/auth-info.ts'
import type { AppStorage } from '../storage/app-storage.ts'
import { RefreshTokenNotFoundError } from './auth-errors.ts'
import type { CognitoAuthClient, SignInResult } from './cognito-auth-client.ts'
import { type AuthStorageKeys, adminAuthStorageKeys, memberAuthStorageKeys } from './storage-keys.ts'

export { type AuthStorageKeys, adminAuthStorageKeys, memberAuthStorageKeys }

/**
 * One signed-in context (members, or admins) over its Cognito app client and its storage entries. It owns
 * the session rules (decision 060): signed in exactly when auth info exists; a password sign-in stores the auth
 * info and the refresh token when returned; a refresh uses the supplied or stored refresh token and fails
 * with "refresh token is not found" without one; sign-out clears both.
 */
export interface AuthSession {
  readonly client: CognitoAuthClient
  getAuthInfo(): AuthInfo | undefined
  isSignedIn(): boolean
  getRefreshToken(): string | undefined
  signIn(input: { email: string; password: string }): Promise<SignInResult>
  respondToNewPasswordChallenge(input: {
    email: string
    newPassword: string
    session: string
  }): Promise<SignInResult>
  /** Exchanges the refresh token (the one given, else the stored one) for new auth info, and stores it. */
  refresh(refreshToken?: string): Promise<SignInResult>
  /** Revokes the tokens at Cognito when it can (as far as its sign-out scope says), and always forgets them locally. */
  signOut(): Promise<void>
}

/**
 * What signing out ends at Cognito. `everywhere` (GlobalSignOut) ends every session of the account, as the
 * member app's sign-out is specified to. `thisDevice` (RevokeToken with the stored refresh token) ends only
 * this device's session: reception tablets share one admin account, and the API refuses a revoked token
 * within seconds (decision 055), so a global sign-out on one tablet would sign out every other (decision 077).
 */
export type SignOutScope = 'everywhere' | 'thisDevice'

export function createAuthSession(
  client: CognitoAuthClient,
  storage: AppStorage,
  keys: AuthStorageKeys,
  options: { signOut?: SignOutScope } = {},
): AuthSession {
  const scope = options.signOut ?? 'everywhere'

  function store(result: SignInResult): SignInResult {
    storage.set(keys.authInfo, result.authInfo)
    if (result.refreshToken !== undefined) storage.set(keys.refreshToken, result.refreshToken)
    return result
  }

  function clear(): void {
    storage.remove(keys.authInfo)
    storage.remove(keys.refreshToken)
  }

  return {
    client,
    getAuthInfo: () => storage.get(keys.authInfo),
    isSignedIn: () => storage.get(keys.authInfo) !== undefined,
    getRefreshToken: () => storage.get(keys.refreshToken),

    async signIn(input) {
      return store(await client.signIn(input))
    },

    async respondToNewPasswordChallenge(input) {
      return store(await client.respondToNewPasswordChallenge(input))
    },

    async refresh(refreshToken) {
      const token = refreshToken || storage.get(keys.refreshToken)
      if (!token) throw new RefreshTokenNotFoundError()
      return store(await client.refreshAccessToken({ refreshToken: token }))
    },

    async signOut() {
      const authInfo = storage.get(keys.authInfo)
      const refreshToken = storage.get(keys.refreshToken)
      try {
        if (scope === 'thisDevice') {
          if (refreshToken) await client.revokeToken({ refreshToken })
        } else if (authInfo !== undefined) {
          await client.signOut({ accessToken: authInfo.accessToken })
        }
      } finally {
        // An expired or revoked token makes Cognito refuse; the user is signed out here all the same.
        clear()
      }
    },
  }
}

/** The reception's admin session: admin storage entries, and a sign-out that ends only this device's session. */
export function createAdminAuthSession(client: CognitoAuthClient, storage: AppStorage): AuthSession {
  return createAuthSession(client, storage, adminAuthStorageKeys, { signOut: 'thisDevice' })
}
