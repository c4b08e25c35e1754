import { parseUserAttributes } from '@furfes/core'

/** What the API reads about a member from the identity provider. */
export interface MemberAttributes {
  sub: string
  email: string
  emailVerified: boolean
}

/** Reads the signed-in member's attributes with their own access token. */
export interface IdentityProvider {
  /**
   * The token's user. Rejects with AccessTokenRefusedError when Cognito refuses the token itself (signed out,
   * revoked, or its user deleted), and with any other error when Cognito could not answer.
   */
  getUser(accessToken: string): Promise<MemberAttributes>
}

/**
 * Cognito's answer to a token it will no longer honour: `NotAuthorizedException` ("Access Token has been
 * revoked", after GlobalSignOut or RevokeToken) or `UserNotFoundException` (the user was deleted). Unlike a
 * timeout, throttling or a 5xx, this says the token must be refused (decision 055).
 */
export class AccessTokenRefusedError extends Error {
  readonly type: string

  constructor(type: string, message: string) {
    super(`GetUser refused the access token: ${type}${message ? ` (${message})` : ''}`)
    this.name = 'AccessTokenRefusedError'
    this.type = type
  }
}

const refusalTypes = new Set(['NotAuthorizedException', 'UserNotFoundException'])

/**
 * Cognito's GetUser over its JSON protocol (`POST /`, `X-Amz-Target`). It authorises with the user's access
 * token alone, so the API needs no AWS credentials. A plain fetch instead of the AWS SDK keeps the API small
 * (decision 051); the same call reaches the emulator and Amazon Cognito.
 */
export function createCognitoIdentityProvider(options: {
  endpoint: string
  timeoutMs?: number
  fetch?: typeof fetch
}): IdentityProvider {
  const fetchImpl = options.fetch ?? fetch
  const url = `${options.endpoint.replace(/\/+$/, '')}/`
  return {
    async getUser(accessToken) {
      const response = await fetchImpl(url, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/x-amz-json-1.1',
          'X-Amz-Target': 'AWSCognitoIdentityProviderService.GetUser',
        },
        body: JSON.stringify({ AccessToken: accessToken }),
        signal: AbortSignal.timeout(options.timeoutMs ?? 3_000),
      })
      const body = (await response.json().catch(() => undefined)) as
        | { UserAttributes?: unknown; __type?: unknown; message?: unknown }
        | undefined
      if (!response.ok) {
        // Error types may come namespaced (`…#NotAuthorizedException`), as the AWS JSON protocol allows.
        const type = String(body?.__type ?? '')
          .split('#')
          .at(-1)
        if (response.status === 400 && type !== undefined && refusalTypes.has(type)) {
          throw new AccessTokenRefusedError(type, String(body?.message ?? ''))
        }
        throw new Error(`GetUser answered ${response.status} ${type ?? ''}`.trim())
      }
      return parseUserAttributes(body?.UserAttributes)
    },
  }
}
