import { z } from 'zod'
import type { Clock } from '../clock.ts'
import { accessTokenRefreshMarginMs } from './limits.ts'

/** Only bearer tokens are accepted (docs/requirements.md AUTH-3). */
export const tokenType = 'Bearer'

/** What the client keeps after signing in: the access token, its type and its expiry in epoch ms. */
export const authInfoSchema = z.object({
  accessToken: z.string().min(1),
  tokenType: z.literal(tokenType),
  expiresAt: z.number().int().nonnegative(),
})
export type AuthInfo = z.infer<typeof authInfoSchema>

/** The `Authorization` header value: the word Bearer, a space and the token. */
export function authorizationHeader(authInfo: Pick<AuthInfo, 'accessToken'>): string {
  return `${tokenType} ${authInfo.accessToken}`
}

/**
 * Builds auth info from the identity provider's AuthenticationResult: the expiry is now plus ExpiresIn
 * seconds. Throws when the token is missing or is not a bearer token.
 */
export function authInfoFromAuthenticationResult(
  result: {
    AccessToken?: string | undefined
    ExpiresIn?: number | undefined
    TokenType?: string | undefined
  },
  clock: Clock,
): AuthInfo {
  return authInfoSchema.parse({
    accessToken: result.AccessToken,
    tokenType: result.TokenType,
    expiresAt: clock() + (result.ExpiresIn ?? Number.NaN) * 1000,
  })
}

/** Access tokens are due for refresh 30 s before they expire. */
export function isAccessTokenDueForRefresh(authInfo: Pick<AuthInfo, 'expiresAt'>, clock: Clock): boolean {
  return clock() >= authInfo.expiresAt - accessTokenRefreshMarginMs
}

/** The signed-in user's attributes the product reads; only these three names are accepted. */
export const userAttributeNames = ['email', 'email_verified', 'sub'] as const
export type UserAttributeName = (typeof userAttributeNames)[number]

export interface UserAttributes {
  email: string
  emailVerified: boolean
  /** The user id. */
  sub: string
}

const userAttributeListSchema = z.array(z.object({ Name: z.string(), Value: z.string().optional() }))

/**
 * Reads the provider's `[{ Name, Value }]` list. email_verified arrives as the text true or false. Attributes
 * with other names are ignored; a missing or malformed one of the three is an error.
 */
export function parseUserAttributes(list: unknown): UserAttributes {
  const values = new Map(userAttributeListSchema.parse(list).map(({ Name, Value }) => [Name, Value]))
  return z
    .object({
      email: z.string().min(1),
      email_verified: z.enum(['true', 'false']),
      sub: z.string().min(1),
    })
    .transform(({ email, email_verified, sub }) => ({ email, emailVerified: email_verified === 'true', sub }))
    .parse(Object.fromEntries(userAttributeNames.map((name) => [name, values.get(name)])))
}

/** The `[{ Name, Value }]` list UpdateUserAttributes takes, using only the accepted names. */
export function toUserAttributeList(
  attributes: Partial<UserAttributes>,
): { Name: UserAttributeName; Value: string }[] {
  const list: { Name: UserAttributeName; Value: string }[] = []
  if (attributes.email !== undefined) list.push({ Name: 'email', Value: attributes.email })
  if (attributes.emailVerified !== undefined)
    list.push({ Name: 'email_verified', Value: String(attributes.emailVerified) })
  if (attributes.sub !== undefined) list.push({ Name: 'sub', Value: attributes.sub })
  return list
}
