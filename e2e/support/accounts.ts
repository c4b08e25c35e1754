import { randomUUID } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { e2ePorts } from './stack.ts'

/*
 * Accounts and API calls made through the running stack's public interfaces, as a participant's browser or a
 * staff device would make them: members sign up and confirm through the Cognito emulator's API (the code comes
 * from its mailbox), sign in for an access token, and call the product API with it. Shared by every spec that
 * needs its own data.
 */

export const apiUrl = `http://localhost:${e2ePorts.API_PORT}`
const cognitoUrl = `http://localhost:${e2ePorts.COGNITO_PORT}`

interface Pool {
  name: string
  clientId: string
  seedUsers?: { email: string; password: string; groups?: string[] }[]
}

const pools: Pool[] = JSON.parse(
  readFileSync(join(import.meta.dirname, '../../apps/cognito-emulator/pools.json'), 'utf8'),
).pools

function pool(name: 'members' | 'admins'): Pool {
  const found = pools.find((entry) => entry.name === name)
  if (!found) throw new Error(`No ${name} pool in the emulator's pools.json`)
  return found
}

/** The demo admin the emulator seeds (apps/cognito-emulator/pools.json). */
export function demoAdmin(): { email: string; password: string } {
  const [admin] = pool('admins').seedUsers ?? []
  if (!admin) throw new Error('The admins pool seeds no demo admin')
  return admin
}

/** The demo staff account the emulator seeds into a staff role's group (door, desk or committee). */
export function demoStaff(role: string): { email: string; password: string } {
  const account = (pool('admins').seedUsers ?? []).find((user) => user.groups?.includes(role))
  if (!account) throw new Error(`The admins pool seeds no ${role} account`)
  return account
}

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

/** Signs in with USER_PASSWORD_AUTH and returns the access token. */
export async function accessToken(poolName: 'members' | 'admins', email: string, password: string) {
  const answer = await cognito<{ AuthenticationResult?: { AccessToken: string } }>('InitiateAuth', {
    AuthFlow: 'USER_PASSWORD_AUTH',
    ClientId: pool(poolName).clientId,
    AuthParameters: { USERNAME: email, PASSWORD: password },
  })
  const token = answer.AuthenticationResult?.AccessToken
  if (!token) throw new Error(`No access token for ${email} (a challenge?)`)
  return token
}

/** Signs the user out everywhere (GlobalSignOut): Cognito refuses every token of theirs from then on. */
export async function globalSignOut(accessToken: string): Promise<void> {
  await cognito('GlobalSignOut', { AccessToken: accessToken })
}

export interface Member {
  email: string
  password: string
  accessToken: string
}

/** A new member of the members pool, confirmed with the code from the emulator's mailbox, and signed in. */
export async function createMember(label = 'member'): Promise<Member> {
  const email = `${label}-${randomUUID()}@example.com`
  const password = `pass-${randomUUID()}`
  const { clientId } = pool('members')
  await cognito('SignUp', { ClientId: clientId, Username: email, Password: password })
  const mailbox = (await (
    await fetch(`${cognitoUrl}/_emulator/mailbox?email=${encodeURIComponent(email)}`)
  ).json()) as { messages: { kind: string; code: string }[] }
  const code = mailbox.messages.find((message) => message.kind === 'sign_up')?.code
  if (!code) throw new Error(`No sign-up code in the mailbox for ${email}`)
  await cognito('ConfirmSignUp', { ClientId: clientId, Username: email, ConfirmationCode: code })
  return { email, password, accessToken: await accessToken('members', email, password) }
}

/** A call to the product API with a member's or an admin's token; the body is parsed when there is one. */
export async function callApi<T = Record<string, unknown>>(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  token: string,
  body?: unknown,
): Promise<{ status: number; body: T }> {
  const response = await fetch(`${apiUrl}${path}`, {
    method,
    headers: {
      Authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  })
  const text = await response.text()
  return { status: response.status, body: (text === '' ? undefined : JSON.parse(text)) as T }
}
