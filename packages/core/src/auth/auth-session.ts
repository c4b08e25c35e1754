import type { Clock } from '../clock.ts'
import { type AuthInfo, isAccessTokenDueForRefresh } from '../domain/auth-info.ts'
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
  /**
   * Exchanges the refresh token (the one given, else the stored one) for new auth info, and stores it. While
   * an exchange of the same token is under way, a second call shares it instead of starting another.
   */
  refresh(refreshToken?: string): Promise<SignInResult>
  /**
   * A fresh access token, the one way the app asks for the token it sends: the stored auth info while it is
   * not due for refresh (on the session's clock), else a refresh with the stored refresh token, shared by
   * every caller that asks while it runs. Fails as `refresh` does (no refresh token, refused, offline).
   */
  freshAuthInfo(): Promise<AuthInfo>
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
  options: { clock: Clock; signOut?: SignOutScope },
): AuthSession {
  const { clock } = options
  const scope = options.signOut ?? 'everywhere'
  /** The exchange under way, and the refresh token it spends. */
  let inFlight: { token: string; result: Promise<SignInResult> } | undefined

  function store(result: SignInResult): SignInResult {
    storage.set(keys.authInfo, result.authInfo)
    if (result.refreshToken !== undefined) storage.set(keys.refreshToken, result.refreshToken)
    return result
  }

  function clear(): void {
    storage.remove(keys.authInfo)
    storage.remove(keys.refreshToken)
  }

  function refresh(refreshToken?: string): Promise<SignInResult> {
    const token = refreshToken || storage.get(keys.refreshToken)
    if (!token) return Promise.reject(new RefreshTokenNotFoundError())
    if (inFlight?.token === token) return inFlight.result
    // Pages that ask at once get one exchange: a second would only repeat it, and Cognito throttles these calls.
    const result = client.refreshAccessToken({ refreshToken: token }).then(store)
    const exchange = { token, result }
    inFlight = exchange
    const settle = () => {
      if (inFlight === exchange) inFlight = undefined
    }
    // The callers handle the failure; this branch only ends the sharing.
    result.then(settle, settle)
    return result
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

    refresh,

    async freshAuthInfo() {
      const authInfo = storage.get(keys.authInfo)
      if (authInfo !== undefined && !isAccessTokenDueForRefresh(authInfo, clock)) return authInfo
      return (await refresh()).authInfo
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
export function createAdminAuthSession(
  client: CognitoAuthClient,
  storage: AppStorage,
  clock: Clock,
): AuthSession {
  return createAuthSession(client, storage, adminAuthStorageKeys, { clock, signOut: 'thisDevice' })
}
