import { type AddressInfo, createServer, type Socket } from 'node:net'
import {
  AdminAddUserToGroupCommand,
  AdminRemoveUserFromGroupCommand,
} from '@aws-sdk/client-cognito-identity-provider'
import {
  adminKey,
  admins,
  members,
  type RunningEmulator,
  startEmulator,
} from '@furfes/cognito-emulator/test/harness.ts'
import { decodeJwt } from 'jose'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createCognitoIdentityProvider, type IdentityProvider } from '../src/auth/identity.ts'
import { createCognitoStaffDirectory } from '../src/auth/staff-directory.ts'
import { createTokenVerifier, poolIssuer, remotePoolKeys } from '../src/auth/tokens.ts'
import {
  createTestApi,
  createTestClock,
  databaseKinds,
  defaultTokenFailOpenMs,
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

const [seededAdmin] = admins.seedUsers ?? []
if (!seededAdmin) throw new Error("The emulator's admins pool seeds no admin")

let cognito: RunningEmulator
/** An address where nothing listens: a Cognito the API cannot reach (the connection is refused). */
let unreachableCognito: string
/**
 * A Cognito that takes the connection and never answers, as a paused emulator process does (the kernel still
 * accepts): every GetUser runs into the identity provider's timeout.
 */
let pausedCognito: string
const pausedConnections = new Set<Socket>()
const paused = createServer((socket) => {
  pausedConnections.add(socket)
  socket.on('close', () => pausedConnections.delete(socket))
})
/** How long the API waits for the paused Cognito: short, so the tests do not wait out the 3 s default. */
const pausedTimeoutMs = 200

beforeAll(async () => {
  cognito = await startEmulator()
  const closed = createServer()
  await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve))
  const { port } = closed.address() as { port: number }
  await new Promise<void>((resolve, reject) => closed.close((error) => (error ? reject(error) : resolve())))
  unreachableCognito = `http://127.0.0.1:${port}`
  await new Promise<void>((resolve) => paused.listen(0, '127.0.0.1', resolve))
  pausedCognito = `http://127.0.0.1:${(paused.address() as AddressInfo).port}`
})

afterAll(async () => {
  for (const socket of pausedConnections) socket.destroy()
  await new Promise<void>((resolve, reject) => paused.close((error) => (error ? reject(error) : resolve())))
  await cognito.close()
})

/** A new confirmed member of the emulator's members pool; returns their e-mail and password. */
async function newMember() {
  const member = { email: `member-${crypto.randomUUID()}@example.com`, password: 'correct-horse-1' }
  await cognito.createUser(member.email, member.password)
  return member
}

const memberSignIn = async ({ email, password }: { email: string; password: string }) =>
  (await cognito.signIn(email, password)).AccessToken
/** The seeded admin signed in as a reception tablet does: its access and refresh tokens. */
const adminSession = () => cognito.signIn(seededAdmin.email, seededAdmin.password, admins)
const adminSignIn = async () => (await adminSession()).AccessToken
const globalSignOut = (accessToken: string) => cognito.globalSignOut(accessToken)

/**
 * The API's token verifiers for the emulator's two pools. Tokens name the emulator's public address as their
 * issuer; the API reaches it on its loopback one.
 */
function emulatorVerifiers(clock: TestClock) {
  const verifier = (pool: { id: string; clientId: string }) =>
    createTokenVerifier({
      issuer: poolIssuer({ endpoint: cognito.baseUrl, poolId: pool.id }),
      clientId: pool.clientId,
      keys: remotePoolKeys({ endpoint: cognito.url, poolId: pool.id }),
      clock,
    })
  return { memberTokens: verifier(members), adminTokens: verifier(admins) }
}

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
    // The API's clock starts at the emulator's, which signs the tokens; the tests move the API's alone.
    clock = createTestClock(cognito.clock.now())
    return {
      clock,
      overrides: {
        ...emulatorVerifiers(clock),
        identity: createCognitoIdentityProvider({ endpoint: cognito.url }),
        staffDirectory: createCognitoStaffDirectory({
          endpoint: cognito.url,
          region: 'ap-northeast-1',
          userPoolId: admins.id,
          credentials: adminKey,
        }),
      },
    }
  })

  const putProfile = (token: string) => sut.request('PUT', '/profile', { token, body: profile })
  const postRegistration = (token: string) =>
    sut.request('POST', '/registration', { token, body: registrationRequest() })
  const getParticipants = (token: string) => sut.request('GET', '/admin/participants', { token })
  const putFeatures = (token: string) => sut.request('PUT', '/admin/features', { token, body: features })
  /** Signs the token's user out of every session, then lets the API's recheck interval pass. */
  async function signOutPastRecheck(token: string) {
    await globalSignOut(token)
    clock.advance(defaultTokenRecheckMs)
  }

  it('refuses a member token on PUT /profile and POST /registration once the recheck interval has passed', async () => {
    const member = await newMember()
    const bystander = await memberSignIn(await newMember())
    const token = await memberSignIn(member)
    expect((await putProfile(token)).status).toBe(200)
    expect((await putProfile(bystander)).status).toBe(200)

    await signOutPastRecheck(token)

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

    await signOutPastRecheck(token)

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
    const thisTablet = await adminSession()
    const otherTablet = await adminSignIn()
    expect((await getParticipants(thisTablet.AccessToken)).status).toBe(200)
    expect((await getParticipants(otherTablet)).status).toBe(200)

    // What a reception tablet's sign-out sends: RevokeToken with its own refresh token (decision 077).
    await cognito.revokeToken(thisTablet.RefreshToken, admins.clientId)
    clock.advance(defaultTokenRecheckMs)

    expect(await getParticipants(thisTablet.AccessToken)).toMatchObject(unauthorized)
    expect(await putFeatures(thisTablet.AccessToken)).toMatchObject(unauthorized)
    expect((await getParticipants(otherTablet)).status).toBe(200)
    expect((await putFeatures(otherTablet)).status).toBe(200)
  })

  it('refuses a desk member removed from the desk group once the recheck interval has passed, with the same token', async () => {
    const desk = { email: `desk-${crypto.randomUUID()}@example.com`, password: 'correct-horse-1' }
    await cognito.createUser(desk.email, desk.password, admins)
    const membership = { UserPoolId: admins.id, Username: desk.email, GroupName: 'desk' }
    await cognito.adminClient.send(new AdminAddUserToGroupCommand(membership))
    const token = (await cognito.signIn(desk.email, desk.password, admins)).AccessToken
    expect(decodeJwt(token)['cognito:groups']).toEqual(['desk'])
    const waitingList = () => sut.request('GET', '/admin/waiting-list', { token })
    expect((await waitingList()).status).toBe(200)
    // The desk does not switch flags.
    expect(await putFeatures(token)).toMatchObject({ status: 403, body: { message: 'forbidden' } })

    await cognito.adminClient.send(new AdminRemoveUserFromGroupCommand(membership))
    // This instance's confirmation of the token, groups included, counts for the interval.
    expect((await waitingList()).status).toBe(200)
    clock.advance(defaultTokenRecheckMs)

    expect(await waitingList()).toMatchObject({ status: 403, body: { message: 'forbidden' } })
    expect(await getParticipants(token)).toMatchObject({ status: 403, body: { message: 'forbidden' } })
    // The token itself is still honoured: the seeded committee member is unaffected, and so is the sign-in.
    expect((await getParticipants(await adminSignIn())).status).toBe(200)
  })

  it('answers a signed-out member token on an admin route 401, not 403', async () => {
    const token = await memberSignIn(await newMember())
    expect(await getParticipants(token)).toMatchObject({ status: 403, body: { message: 'forbidden' } })

    await signOutPastRecheck(token)

    expect(await getParticipants(token)).toMatchObject(unauthorized)
  })
})

type Outage = 'unreachable' | 'paused'

/**
 * The API's GetUser over HTTP to the emulator, or, once `cut`, to a Cognito that cannot answer: an address
 * nothing listens on (down, or out of the instance's network reach), or one that never answers (paused, or so
 * slow that the request times out).
 */
function cuttableCognito(outage: Outage) {
  const reachable = createCognitoIdentityProvider({ endpoint: cognito.url })
  const unreachable =
    outage === 'paused'
      ? createCognitoIdentityProvider({ endpoint: pausedCognito, timeoutMs: pausedTimeoutMs })
      : createCognitoIdentityProvider({ endpoint: unreachableCognito })
  let cut = false
  const identity: IdentityProvider = {
    getUser: (accessToken) => (cut ? unreachable : reachable).getUser(accessToken),
  }
  return {
    identity,
    cut() {
      cut = true
    },
    restore() {
      cut = false
    },
  }
}

const outages = databaseKinds.flatMap((kind) =>
  (['unreachable', 'paused'] as const).map((outage) => ({ kind, outage })),
)

describe.each(outages)('when Cognito is $outage, on $kind', ({ kind, outage }) => {
  let clock: TestClock
  let first: ReturnType<typeof cuttableCognito>
  const verifiers = () => emulatorVerifiers(clock)
  const sut = useTestApi(kind, () => {
    clock = createTestClock(cognito.clock.now())
    first = cuttableCognito(outage)
    return { clock, overrides: { ...verifiers(), identity: first.identity } }
  })
  /** A second instance of the API on the same database, with its own memory and its own way to Cognito. */
  async function secondInstance() {
    const reach = cuttableCognito(outage)
    const api = await createTestApi(sut.database, {
      clock,
      overrides: { ...verifiers(), identity: reach.identity },
    })
    return { api, reach }
  }
  const putProfile = (api: typeof sut, token: string) =>
    api.request('PUT', '/profile', { token, body: profile })
  const highTraffic = { status: 503, body: { message: 'highTraffic' } }

  it('refuses on every instance a token one instance heard Cognito refuse, while Cognito cannot answer', async () => {
    const second = await secondInstance()
    const token = await memberSignIn(await newMember())
    const bystander = await memberSignIn(await newMember())
    expect((await putProfile(second.api, token)).status).toBe(200)
    expect((await putProfile(second.api, bystander)).status).toBe(200)

    await globalSignOut(token)
    // The first instance asks Cognito and hears the token was signed out.
    expect(await putProfile(sut, token)).toMatchObject(unauthorized)
    // Cognito then drops out of the second instance's reach, past the interval its confirmation counted.
    second.reach.cut()
    clock.advance(defaultTokenRecheckMs)

    expect(await putProfile(second.api, token)).toMatchObject(unauthorized)
    expect(await second.api.request('GET', '/profile', { token })).toMatchObject(unauthorized)
    // A token no instance saw refused is served on its signature, within the fail-open window.
    expect((await putProfile(second.api, bystander)).status).toBe(200)
  })

  it('answers writes 503 highTraffic once Cognito has been silent past the fail-open window, and serves reads', async () => {
    const member = await memberSignIn(await newMember())
    const admin = await adminSignIn()
    expect((await putProfile(sut, member)).status).toBe(200)
    expect((await sut.request('GET', '/admin/participants', { token: admin })).status).toBe(200)

    first.cut()
    clock.advance(defaultTokenRecheckMs)
    // Inside the window a token Cognito cannot confirm still writes.
    expect((await putProfile(sut, member)).status).toBe(200)
    clock.advance(defaultTokenFailOpenMs)

    const refusedWrite = await putProfile(sut, member)
    expect(refusedWrite).toMatchObject(highTraffic)
    expect(refusedWrite.headers.get('retry-after')).toBe('1')
    expect(await sut.request('PUT', '/admin/features', { token: admin, body: features })).toMatchObject(
      highTraffic,
    )
    expect(await sut.request('GET', '/profile', { token: member })).toMatchObject({
      status: 200,
      body: { handle_name: profile.handle_name },
    })
    expect((await sut.request('GET', '/admin/participants', { token: admin })).status).toBe(200)

    // Cognito answers again: writes go through at the next recheck.
    first.restore()
    clock.advance(defaultTokenRecheckMs)
    expect((await putProfile(sut, member)).status).toBe(200)
    expect((await sut.request('PUT', '/admin/features', { token: admin, body: features })).status).toBe(200)
  })
})
