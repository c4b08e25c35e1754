import { Agent as HttpAgent, request as httpRequest } from 'node:http'
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https'
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
 * token alone, so the API needs no AWS credentials. A plain request instead of the AWS SDK keeps the API small
 * (decision 051); the same call reaches the emulator and Amazon Cognito. It runs on most authenticated requests
 * (decision 055), so it uses node:http(s) with kept-alive connections rather than fetch, which measured about
 * twice the CPU per call.
 */
export function createCognitoIdentityProvider(options: {
  endpoint: string
  timeoutMs?: number
}): IdentityProvider {
  const url = new URL(`${options.endpoint.replace(/\/+$/, '')}/`)
  const secure = url.protocol === 'https:'
  const agent = secure
    ? new HttpsAgent({ keepAlive: true, maxSockets: 256 })
    : new HttpAgent({ keepAlive: true, maxSockets: 256 })
  const send = secure ? httpsRequest : httpRequest
  const timeoutMs = options.timeoutMs ?? 3_000

  function post(body: string): Promise<{ status: number; text: string }> {
    return new Promise((resolve, reject) => {
      const request = send(
        url,
        {
          method: 'POST',
          agent,
          timeout: timeoutMs,
          headers: {
            'Content-Type': 'application/x-amz-json-1.1',
            'X-Amz-Target': 'AWSCognitoIdentityProviderService.GetUser',
            'Content-Length': Buffer.byteLength(body),
          },
        },
        (response) => {
          const chunks: Buffer[] = []
          response.on('data', (chunk: Buffer) => chunks.push(chunk))
          response.on('end', () =>
            resolve({ status: response.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }),
          )
          response.on('error', reject)
        },
      )
      request.on('timeout', () => request.destroy(new Error(`GetUser took longer than ${timeoutMs} ms`)))
      request.on('error', reject)
      request.end(body)
    })
  }

  return {
    async getUser(accessToken) {
      const response = await post(JSON.stringify({ AccessToken: accessToken }))
      let body: { UserAttributes?: unknown; __type?: unknown; message?: unknown } | undefined
      try {
        body = JSON.parse(response.text)
      } catch {
        body = undefined
      }
      if (response.status < 200 || response.status >= 300) {
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
