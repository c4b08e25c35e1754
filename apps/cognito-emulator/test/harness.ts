import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import {
  type AuthFlowType,
  CognitoIdentityProviderClient,
  ConfirmSignUpCommand,
  GlobalSignOutCommand,
  type GlobalSignOutCommandOutput,
  InitiateAuthCommand,
  type InitiateAuthCommandOutput,
  RevokeTokenCommand,
  type RevokeTokenCommandOutput,
  SignUpCommand,
  type SignUpCommandOutput,
} from '@aws-sdk/client-cognito-identity-provider'
import { serve } from '@hono/node-server'
import { afterEach, beforeEach } from 'vitest'
import { createApp } from '../src/app.ts'
import type { Clock } from '../src/clock.ts'
import { loadPools, type PoolConfig } from '../src/config.ts'
import { Emulator } from '../src/emulator.ts'
import type { MailMessage } from '../src/state.ts'

/** A clock tests move by hand. Starts on a fixed day so nothing depends on today. */
class TestClock implements Clock {
  #now = Date.parse('2025-05-01T09:00:00Z')

  now(): number {
    return this.#now
  }

  advance(ms: number): void {
    this.#now += ms
  }
}

export const second = 1000
export const minute = 60 * second
export const hour = 60 * minute
export const day = 24 * hour

const [membersConfig, adminsConfig] = loadPools().pools
if (!membersConfig || !adminsConfig) throw new Error('pools.json must list the members and admins pools')
export const members = membersConfig
export const admins = adminsConfig

/** A members-like pool whose e-mail changes take effect at once (no AttributesRequireVerificationBeforeUpdate). */
export const immediateEmailPool: PoolConfig = {
  name: 'immediate',
  id: 'ap-northeast-1_Imm3dEm4l',
  clientId: '1immediateemailclient2345',
  passwordPolicy: {
    minimumLength: 8,
    requireLowercase: false,
    requireUppercase: false,
    requireNumbers: false,
    requireSymbols: false,
  },
  preventUserExistenceErrors: 'ENABLED',
}

/**
 * A members-like pool left at Cognito's default PreventUserExistenceErrors (LEGACY): unknown users are named as
 * such, which proves the emulator follows the setting rather than always hiding them.
 */
export const legacyExistencePool: PoolConfig = {
  ...immediateEmailPool,
  name: 'legacy',
  id: 'ap-northeast-1_L3gacyEx1',
  clientId: '1legacyexistenceclient234',
  preventUserExistenceErrors: undefined,
}

/** Cognito's answer to a confirmation code that does not match (or to any code for an unknown user). */
export const codeMismatch = {
  name: 'CodeMismatchException',
  message: 'Invalid verification code provided, please try again.',
}

/** A code other than `code`: a wrong guess that is surely wrong. */
export const otherCode = (code: string) => (code === '000000' ? '111111' : '000000')

export interface StartOptions {
  dataDir?: string
  clock?: TestClock
  pools?: PoolConfig[]
  /** The public base URL; by default http://localhost:<port>. A restarted emulator keeps the first one. */
  baseUrl?: string
  /** Code mails a user may ask for again per hour; the emulator's default (5) when not given. */
  codeMailsPerHour?: number
}

export interface RunningEmulator {
  url: string
  baseUrl: string
  dataDir: string
  clock: TestClock
  /** The SDK as the apps use it: no credentials, no retries (so throttling-class errors come back at once). */
  client: CognitoIdentityProviderClient
  /** The SDK with the configured access key, for the admin operations that are SigV4-signed. */
  adminClient: CognitoIdentityProviderClient
  /** Messages the emulator reported through onMail (what the console would show). */
  sent: MailMessage[]
  /** The newest code mailed to the address, read from the mailbox endpoint. */
  latestCode(email: string): Promise<string>
  /** SignUp with the members pool's client (or the client id given): an unconfirmed user, a code mailed. */
  signUp(email: string, password: string, clientId?: string): Promise<SignUpCommandOutput>
  /** Creates a confirmed user in the members pool (or `pool`) through SignUp and ConfirmSignUp. */
  createUser(email: string, password: string, pool?: PoolConfig): Promise<void>
  signIn(email: string, password: string, pool?: PoolConfig): Promise<SignedIn>
  /**
   * InitiateAuth with the members pool's client (or the client id given), as the SDK answers it; the flow is
   * any string, so tests can ask for flows Cognito does not know.
   */
  initiateAuth(
    authFlow: string,
    authParameters: Record<string, string>,
    clientId?: string,
  ): Promise<InitiateAuthCommandOutput>
  /** InitiateAuth REFRESH_TOKEN_AUTH with the members pool's client (or `pool`'s), as the SDK answers it. */
  refresh(refreshToken: string, pool?: PoolConfig): Promise<InitiateAuthCommandOutput>
  /** GlobalSignOut, as the apps' sign-out sends it: every session of the token's user ends. */
  globalSignOut(accessToken: string): Promise<GlobalSignOutCommandOutput>
  /** RevokeToken with the members pool's client (or the client id given): that one sign-in ends. */
  revokeToken(token: string, clientId?: string): Promise<RevokeTokenCommandOutput>
  close(): Promise<void>
}

interface SignedIn {
  AccessToken: string
  IdToken: string
  RefreshToken: string
}

const region = 'ap-northeast-1'

/** The access key the test emulator is configured with, as `npm start` configures its own. */
export const adminKey = { accessKeyId: 'AKIAEMULATORTEST', secretAccessKey: 'emulator-test-secret' }

export function sdkClient(
  endpoint: string,
  options: {
    signed?: boolean
    maxAttempts?: number
    credentials?: { accessKeyId: string; secretAccessKey: string }
    region?: string
  } = {},
) {
  const credentials = options.credentials ?? (options.signed ? adminKey : undefined)
  return new CognitoIdentityProviderClient({
    region: options.region ?? region,
    endpoint,
    maxAttempts: options.maxAttempts ?? 1,
    ...(credentials ? { credentials } : {}),
  })
}

const newDataDir = () => mkdtempSync(join(tmpdir(), 'cognito-emulator-'))

/**
 * Signing keys made once per test file and copied into each fresh data folder: generating three RSA keys
 * for every test would cost a third of a second each. Persistence tests that need their own keys still get
 * them by starting in a folder of their own with `dataDir`.
 */
let sharedKeys: Promise<string> | undefined
async function keysFile(pools: PoolConfig[]) {
  sharedKeys ??= (async () => {
    const dataDir = newDataDir()
    await Emulator.open({
      baseUrl: 'http://localhost',
      dataDir,
      pools,
      passwordHashCost: 1024,
      onMail: () => {},
    })
    const keys = readFileSync(join(dataDir, 'cognito', 'keys.json'), 'utf8')
    rmSync(dataDir, { recursive: true, force: true })
    return keys
  })()
  return sharedKeys
}

/** Starts the emulator in-process on an ephemeral port, in a fresh data folder unless one is given. */
export async function startEmulator(options: StartOptions = {}): Promise<RunningEmulator> {
  const pools = options.pools ?? [members, admins, immediateEmailPool, legacyExistencePool]
  let dataDir = options.dataDir
  const ownsDataDir = dataDir === undefined
  if (dataDir === undefined) {
    dataDir = newDataDir()
    mkdirSync(join(dataDir, 'cognito'))
    writeFileSync(join(dataDir, 'cognito', 'keys.json'), await keysFile(pools))
  }
  const clock = options.clock ?? new TestClock()
  const sent: MailMessage[] = []
  let handler: (request: Request) => Response | Promise<Response> = () =>
    new Response('starting', { status: 503 })
  const server = serve({ fetch: (request) => handler(request), port: 0, hostname: '127.0.0.1' }) as Server
  await new Promise<void>((resolve) => (server.listening ? resolve() : server.once('listening', resolve)))
  const { port } = server.address() as AddressInfo
  const url = `http://127.0.0.1:${port}`
  const baseUrl = options.baseUrl ?? `http://localhost:${port}`
  const emulator = await Emulator.open({
    baseUrl,
    dataDir,
    clock,
    pools,
    onMail: (message) => sent.push(message),
    passwordHashCost: 1024,
    ...(options.codeMailsPerHour === undefined ? {} : { codeMailsPerHour: options.codeMailsPerHour }),
  })
  const app = createApp(emulator, {
    allowedOrigins: ['https://pwa.furfes.example'],
    adminCredentials: { region, keys: [adminKey] },
  })
  handler = app.fetch

  const client = sdkClient(url)
  const adminClient = sdkClient(url, { signed: true })

  const latestCode = async (email: string) => {
    const response = await fetch(`${url}/_emulator/mailbox?email=${encodeURIComponent(email)}`)
    const { messages } = (await response.json()) as { messages: MailMessage[] }
    const code = messages[0]?.code
    if (code === undefined) throw new Error(`No message was sent to ${email}`)
    return code
  }

  const signUp = (email: string, password: string, clientId = members.clientId) =>
    client.send(new SignUpCommand({ ClientId: clientId, Username: email, Password: password }))

  const createUser = async (email: string, password: string, pool = members) => {
    await signUp(email, password, pool.clientId)
    const code = await latestCode(email)
    await client.send(
      new ConfirmSignUpCommand({ ClientId: pool.clientId, Username: email, ConfirmationCode: code }),
    )
  }

  const initiateAuth = (
    authFlow: string,
    authParameters: Record<string, string>,
    clientId = members.clientId,
  ) =>
    client.send(
      new InitiateAuthCommand({
        ClientId: clientId,
        AuthFlow: authFlow as AuthFlowType,
        AuthParameters: authParameters,
      }),
    )

  const signIn = async (email: string, password: string, pool = members) => {
    const { AuthenticationResult: result } = await initiateAuth(
      'USER_PASSWORD_AUTH',
      { USERNAME: email, PASSWORD: password },
      pool.clientId,
    )
    if (!result?.AccessToken || !result.IdToken || !result.RefreshToken)
      throw new Error('No tokens came back')
    return { AccessToken: result.AccessToken, IdToken: result.IdToken, RefreshToken: result.RefreshToken }
  }

  const refresh = (refreshToken: string, pool = members) =>
    initiateAuth('REFRESH_TOKEN_AUTH', { REFRESH_TOKEN: refreshToken }, pool.clientId)

  const globalSignOut = (accessToken: string) =>
    client.send(new GlobalSignOutCommand({ AccessToken: accessToken }))

  const revokeToken = (token: string, clientId = members.clientId) =>
    client.send(new RevokeTokenCommand({ ClientId: clientId, Token: token }))

  const close = async () => {
    client.destroy()
    adminClient.destroy()
    await new Promise<void>((resolve, reject) => {
      server.close((error) => (error ? reject(error) : resolve()))
      server.closeAllConnections()
    })
    if (ownsDataDir) rmSync(dataDir, { recursive: true, force: true })
  }

  return {
    url,
    baseUrl,
    dataDir,
    clock,
    client,
    adminClient,
    sent,
    latestCode,
    signUp,
    createUser,
    initiateAuth,
    signIn,
    refresh,
    globalSignOut,
    revokeToken,
    close,
  }
}

/** The emulator of the running test, which a test may restart with other options (other pools, say). */
export interface EmulatorOfTheTest extends RunningEmulator {
  restart(options: StartOptions): Promise<void>
}

/**
 * A fresh emulator for each test of the file, closed after it, so a file declares it once instead of repeating
 * a variable, a beforeEach and an afterEach. What it answers always reaches the running test's emulator; read
 * it only inside tests and hooks.
 */
export function useEmulator(options: StartOptions = {}): EmulatorOfTheTest {
  let current: RunningEmulator | undefined
  beforeEach(async () => {
    current = await startEmulator(options)
  })
  afterEach(async () => {
    await current?.close()
    current = undefined
  })
  const restart = async (next: StartOptions) => {
    await current?.close()
    current = await startEmulator(next)
  }
  return new Proxy({ restart } as EmulatorOfTheTest, {
    get(target, key) {
      if (key === 'restart') return target.restart
      if (!current) throw new Error('The emulator runs only inside a test')
      return Reflect.get(current, key)
    },
  })
}
