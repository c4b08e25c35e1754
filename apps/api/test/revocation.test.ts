import { mkdtempSync, rmSync } from 'node:fs'
import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createApp } from '@furfes/cognito-emulator/src/app.ts'
import { loadPools } from '@furfes/cognito-emulator/src/config.ts'
import { Emulator } from '@furfes/cognito-emulator/src/emulator.ts'
import type { MailMessage } from '@furfes/cognito-emulator/src/state.ts'
import { serve } from '@hono/node-server'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createCognitoIdentityProvider } from '../src/auth/identity.ts'
import { createTokenVerifier, poolIssuer, remotePoolKeys } from '../src/auth/tokens.ts'
import {
  createTestClock,
  databaseKinds,
  defaultTokenRecheckMs,
  registrationRequest,
  type TestClock,
  useTestApi,
} from './support/harness.ts'

/*
 * Signing out (Cognito GlobalSignOut, or RevokeToken for one session) must end an access token at the API too, although the token's signature
 * and expiry stay good for up to an hour (decision 055). The API here talks to the real Cognito emulator over
 * HTTP, exactly as to Cognito: JWKS, GetUser, and the sign-in and sign-out the apps do.
 */

const { region, pools } = loadPools()
const [membersPool, adminsPool] = pools
if (!membersPool || !adminsPool)
  throw new Error("The emulator's pools.json lists no members and admins pools")
const [seededAdmin] = adminsPool.seedUsers ?? []
if (!seededAdmin) throw new Error("The emulator's admins pool seeds no admin")

let cognitoUrl: string
let server: Server
let emulatorDataDir: string
const mail: MailMessage[] = []

beforeAll(async () => {
  emulatorDataDir = mkdtempSync(join(tmpdir(), 'api-revocation-cognito-'))
  let handler: (request: Request) => Response | Promise<Response> = () =>
    new Response('starting', { status: 503 })
  server = serve({ fetch: (request) => handler(request), port: 0, hostname: '127.0.0.1' }) as Server
  await new Promise<void>((resolve) => (server.listening ? resolve() : server.once('listening', resolve)))
  cognitoUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  const emulator = await Emulator.open({
    baseUrl: cognitoUrl,
    dataDir: emulatorDataDir,
    pools,
    passwordHashCost: 1024,
    onMail: (message) => mail.push(message),
  })
  handler = createApp(emulator, { adminCredentials: { region, keys: [] } }).fetch
})

afterAll(async () => {
  await new Promise<void>((resolve) => {
    server.close(() => resolve())
    server.closeAllConnections()
  })
  rmSync(emulatorDataDir, { recursive: true, force: true })
})

async function cognito<T>(operation: string, body: unknown): Promise<T> {
  const response = await fetch(cognitoUrl, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-amz-json-1.1',
      'x-amz-target': `AWSCognitoIdentityProviderService.${operation}`,
    },
    body: JSON.stringify(body),
  })
  const answer = (await response.json()) as T
  if (!response.ok) throw new Error(`${operation} answered ${response.status}: ${JSON.stringify(answer)}`)
  return answer
}

async function signInSession(clientId: string, email: string, password: string) {
  const { AuthenticationResult } = await cognito<{
    AuthenticationResult: { AccessToken: string; RefreshToken: string }
  }>('InitiateAuth', {
    AuthFlow: 'USER_PASSWORD_AUTH',
    ClientId: clientId,
    AuthParameters: { USERNAME: email, PASSWORD: password },
  })
  return { accessToken: AuthenticationResult.AccessToken, refreshToken: AuthenticationResult.RefreshToken }
}

async function signIn(clientId: string, email: string, password: string): Promise<string> {
  return (await signInSession(clientId, email, password)).accessToken
}

/** A new confirmed member of the emulator's members pool; returns their e-mail and password. */
async function newMember() {
  const email = `member-${crypto.randomUUID()}@example.com`
  const password = 'correct-horse-1'
  await cognito('SignUp', { ClientId: membersPool?.clientId, Username: email, Password: password })
  const code = mail.find((message) => message.email === email && message.kind === 'sign_up')?.code
  await cognito('ConfirmSignUp', { ClientId: membersPool?.clientId, Username: email, ConfirmationCode: code })
  return { email, password }
}

const memberSignIn = ({ email, password }: { email: string; password: string }) =>
  signIn(membersPool.clientId, email, password)
const adminSignIn = () => signIn(adminsPool.clientId, seededAdmin.email, seededAdmin.password)
const globalSignOut = (AccessToken: string) => cognito('GlobalSignOut', { AccessToken })
/** What a reception tablet's sign-out sends: RevokeToken with its own refresh token (decision 077). */
const revokeToken = (ClientId: string, Token: string) => cognito('RevokeToken', { ClientId, Token })

const profile = { privacy: 'public', handle_name: 'Kemono Taro', urls: [] }
const features = {
  is_new_club_activity_establishment_available: false,
  is_registration_available: true,
  is_under_maintenance: false,
}
const unauthorized = { status: 401, body: { message: 'Unauthorized' } }

describe('a recheck interval measured in seconds', () => {
  it('is the default', () => {
    expect(defaultTokenRecheckMs).toBeGreaterThan(0)
    expect(defaultTokenRecheckMs).toBeLessThanOrEqual(10_000)
  })
})

describe.each(databaseKinds)('signed-out tokens on %s', (kind) => {
  let clock: TestClock
  const sut = useTestApi(kind, () => {
    // The emulator signs with the system clock; the API's clock starts there and the tests move it.
    clock = createTestClock(Date.now())
    const verifier = (pool: { id: string; clientId: string }) => {
      const userPool = { endpoint: cognitoUrl, poolId: pool.id, clientId: pool.clientId }
      return createTokenVerifier({
        issuer: poolIssuer(userPool),
        clientId: userPool.clientId,
        keys: remotePoolKeys(userPool),
        clock,
      })
    }
    return {
      clock,
      overrides: {
        memberTokens: verifier(membersPool),
        adminTokens: verifier(adminsPool),
        identity: createCognitoIdentityProvider({ endpoint: cognitoUrl }),
      },
    }
  })

  const putProfile = (token: string) => sut.request('PUT', '/profile', { token, body: profile })
  const postRegistration = (token: string) =>
    sut.request('POST', '/registration', { token, body: registrationRequest() })
  const getParticipants = (token: string) => sut.request('GET', '/admin/participants', { token })
  const putFeatures = (token: string) => sut.request('PUT', '/admin/features', { token, body: features })

  it('refuses a member token on PUT /profile and POST /registration once the recheck interval has passed', async () => {
    const member = await newMember()
    const bystander = await memberSignIn(await newMember())
    const token = await memberSignIn(member)
    expect((await putProfile(token)).status).toBe(200)
    expect((await putProfile(bystander)).status).toBe(200)

    await globalSignOut(token)
    clock.advance(defaultTokenRecheckMs)

    expect(await putProfile(token)).toMatchObject(unauthorized)
    expect(await postRegistration(token)).toMatchObject(unauthorized)
    // Someone else's session is untouched.
    expect((await putProfile(bystander)).status).toBe(200)
    expect((await postRegistration(bystander)).status).toBe(201)
  })

  it('refuses at once a signed-out member token the API never saw before', async () => {
    const member = await newMember()
    const phone = await memberSignIn(member)
    const laptop = await memberSignIn(member)
    expect((await putProfile(phone)).status).toBe(200)

    // Signing out on the phone ends every session of the member, the laptop's too.
    await globalSignOut(phone)

    expect(await postRegistration(laptop)).toMatchObject(unauthorized)
    expect(await putProfile(laptop)).toMatchObject(unauthorized)
    expect(await sut.request('GET', '/registration', { token: await memberSignIn(member) })).toMatchObject({
      status: 404,
    })
  })

  it('refuses an admin token on GET /admin/participants and PUT /admin/features once the recheck interval has passed', async () => {
    const token = await adminSignIn()
    expect((await getParticipants(token)).status).toBe(200)
    expect((await putFeatures(token)).status).toBe(200)

    await globalSignOut(token)
    clock.advance(defaultTokenRecheckMs)

    expect(await getParticipants(token)).toMatchObject(unauthorized)
    expect(await putFeatures(token)).toMatchObject(unauthorized)
    // Signing in again works.
    expect((await getParticipants(await adminSignIn())).status).toBe(200)
  })

  it('refuses at once a signed-out admin token the API never saw before', async () => {
    const tablet = await adminSignIn()
    const unseen = await adminSignIn()
    expect((await getParticipants(tablet)).status).toBe(200)

    await globalSignOut(tablet)

    expect(await putFeatures(unseen)).toMatchObject(unauthorized)
    expect(await getParticipants(unseen)).toMatchObject(unauthorized)
  })

  it("refuses a tablet's revoked admin token once the recheck interval has passed, while another tablet on the same account keeps working", async () => {
    const thisTablet = await signInSession(adminsPool.clientId, seededAdmin.email, seededAdmin.password)
    const otherTablet = await adminSignIn()
    expect((await getParticipants(thisTablet.accessToken)).status).toBe(200)
    expect((await getParticipants(otherTablet)).status).toBe(200)

    await revokeToken(adminsPool.clientId, thisTablet.refreshToken)
    clock.advance(defaultTokenRecheckMs)

    expect(await getParticipants(thisTablet.accessToken)).toMatchObject(unauthorized)
    expect(await putFeatures(thisTablet.accessToken)).toMatchObject(unauthorized)
    expect((await getParticipants(otherTablet)).status).toBe(200)
    expect((await putFeatures(otherTablet)).status).toBe(200)
  })

  it('answers a signed-out member token on an admin route 401, not 403', async () => {
    const token = await memberSignIn(await newMember())
    expect(await getParticipants(token)).toMatchObject({ status: 403, body: { message: 'forbidden' } })

    await globalSignOut(token)
    clock.advance(defaultTokenRecheckMs)

    expect(await getParticipants(token)).toMatchObject(unauthorized)
  })
})
