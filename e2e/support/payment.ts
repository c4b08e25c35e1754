import { randomUUID } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { e2ePorts, pwaUrl } from './stack.ts'

/*
 * The payment journey's own data, made through the running stack's public interfaces: a member signs up and
 * confirms through the Cognito emulator's API (the code comes from its mailbox), signs in for an access token,
 * and registers through the API, which opens a Checkout Session on the Stripe emulator through the Stripe SDK.
 */

const apiUrl = `http://localhost:${e2ePorts.API_PORT}`
export const stripeUrl = `http://localhost:${e2ePorts.STRIPE_PORT}`
const cognitoUrl = `http://localhost:${e2ePorts.COGNITO_PORT}`

const membersClientId: string = (
  JSON.parse(readFileSync(join(import.meta.dirname, '../../apps/cognito-emulator/pools.json'), 'utf8')) as {
    pools: { name: string; clientId: string }[]
  }
).pools.find((pool) => pool.name === 'members')?.clientId as string

async function cognito<T>(action: string, body: unknown): Promise<T> {
  const response = await fetch(`${cognitoUrl}/`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/x-amz-json-1.1',
      'X-Amz-Target': `AWSCognitoIdentityProviderService.${action}`,
    },
    body: JSON.stringify(body),
  })
  const text = await response.text()
  if (!response.ok) throw new Error(`Cognito ${action} answered ${response.status}: ${text}`)
  return JSON.parse(text) as T
}

/** A new member, signed up, confirmed with the code from the emulator's mailbox, and signed in. */
export async function createMember(): Promise<{ email: string; accessToken: string }> {
  const email = `payment-${randomUUID()}@example.com`
  const password = `pass-${randomUUID()}`
  await cognito('SignUp', { ClientId: membersClientId, Username: email, Password: password })
  const mailbox = (await (
    await fetch(`${cognitoUrl}/_emulator/mailbox?email=${encodeURIComponent(email)}`)
  ).json()) as { messages: { kind: string; code: string }[] }
  const code = mailbox.messages.find((message) => message.kind === 'sign_up')?.code
  if (!code) throw new Error(`No sign-up code in the mailbox for ${email}`)
  await cognito('ConfirmSignUp', {
    ClientId: membersClientId,
    Username: email,
    ConfirmationCode: code,
    ForceAliasCreation: false,
  })
  const signedIn = await cognito<{ AuthenticationResult?: { AccessToken: string } }>('InitiateAuth', {
    ClientId: membersClientId,
    AuthFlow: 'USER_PASSWORD_AUTH',
    AuthParameters: { USERNAME: email, PASSWORD: password },
  })
  const accessToken = signedIn.AuthenticationResult?.AccessToken
  if (!accessToken) throw new Error(`No access token for ${email}`)
  return { email, accessToken }
}

/** A call to the product API with the member's token; the body is parsed when there is one. */
export async function callApi<T = Record<string, unknown>>(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  accessToken: string,
  body?: unknown,
): Promise<{ status: number; body: T }> {
  const response = await fetch(`${apiUrl}${path}`, {
    method,
    headers: {
      Authorization: `Bearer ${accessToken}`,
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  })
  const text = await response.text()
  return { status: response.status, body: (text === '' ? undefined : JSON.parse(text)) as T }
}

/** Where Checkout sends the user back: the PWA's My Page. */
export const successUrl = `${pwaUrl}/ja/mypage/dashboard?refresh=1`
export const cancelUrl = `${pwaUrl}/ja/mypage/registration`

/** The events the Stripe emulator sent for one Checkout Session, oldest first. */
export async function stripeEventsOf(sessionId: string): Promise<{ type: string; state: string }[]> {
  const events = (await (await fetch(`${stripeUrl}/_emulator/events`)).json()) as {
    data: { type: string; session: string; delivery: { state: string } }[]
  }
  return events.data
    .filter((event) => event.session === sessionId)
    .reverse()
    .map((event) => ({ type: event.type, state: event.delivery.state }))
}
