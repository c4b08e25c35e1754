import { parseUserAttributes } from '@furfes/core'

/** What the API reads about a member from the identity provider. */
export interface MemberAttributes {
  sub: string
  email: string
  emailVerified: boolean
}

/** Reads the signed-in member's attributes with their own access token. */
export interface IdentityProvider {
  getUser(accessToken: string): Promise<MemberAttributes>
}

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
        | { UserAttributes?: unknown; __type?: unknown }
        | undefined
      if (!response.ok) {
        throw new Error(`GetUser answered ${response.status} ${String(body?.__type ?? '')}`.trim())
      }
      return parseUserAttributes(body?.UserAttributes)
    },
  }
}
