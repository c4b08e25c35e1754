import { type ChildProcess, spawn } from 'node:child_process'
import { once } from 'node:events'
import { mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CognitoError } from '../errors/app-errors.ts'
import { createAppStorage } from '../storage/app-storage.ts'
import { createMemoryStorage } from '../storage/key-value-storage.ts'
import { isSessionExpiredError } from './auth-errors.ts'
import { createAdminAuthSession } from './auth-session.ts'
import { type CognitoAuthClient, createCognitoAuthClient } from './cognito-auth-client.ts'

/*
 * The wrapper against the Cognito emulator (apps/cognito-emulator) over real HTTP, run as its own process:
 * core imports no app, so it is started the way `npm start` starts it.
 */

const emulatorMain = fileURLToPath(new URL('../../../../apps/cognito-emulator/src/main.ts', import.meta.url))

async function freePort(): Promise<number> {
  const server = createServer().listen(0, '127.0.0.1')
  await once(server, 'listening')
  const address = server.address()
  server.close()
  if (address === null || typeof address === 'string') throw new Error('no port')
  return address.port
}

let emulator: ChildProcess | undefined
let dataDir = ''
let endpoint = ''
let member: CognitoAuthClient

async function emulatorJson<T>(path: string): Promise<T> {
  const response = await fetch(`${endpoint}${path}`, { headers: { accept: 'application/json' } })
  return (await response.json()) as T
}

async function latestCode(email: string): Promise<string> {
  const { messages } = await emulatorJson<{ messages: { email: string; code: string; sentAt: string }[] }>(
    `/_emulator/mailbox?email=${encodeURIComponent(email)}`,
  )
  const latest = messages.toSorted((a, b) => b.sentAt.localeCompare(a.sentAt))[0]
  if (latest === undefined) throw new Error(`no mail for ${email}`)
  return latest.code
}

beforeAll(async () => {
  const port = await freePort()
  endpoint = `http://localhost:${port}`
  dataDir = mkdtempSync(join(tmpdir(), 'furfes-core-cognito-'))
  const child = spawn(process.execPath, [emulatorMain], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      COGNITO_ENDPOINT: endpoint,
      DATA_DIR: dataDir,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  emulator = child
  let output = ''
  await new Promise<void>((resolve, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString()
      // It prints its URL once it listens.
      if (output.includes(endpoint)) resolve()
    })
    child.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString()
    })
    child.once('exit', (code) => reject(new Error(`emulator exited with ${code}: ${output}`)))
  })
  const { pools } = await emulatorJson<{ pools: { name: string; clientId: string }[] }>('/_emulator/config')
  const clientId = pools.find((pool) => pool.name === 'members')?.clientId ?? ''
  member = createCognitoAuthClient({ region: 'ap-northeast-1', endpoint, clientId })
}, 30_000)

afterAll(async () => {
  if (emulator !== undefined && emulator.exitCode === null) {
    const exited = once(emulator, 'exit')
    emulator.kill('SIGTERM')
    await exited
  }
  if (dataDir !== '') rmSync(dataDir, { recursive: true, force: true })
})

describe('createCognitoAuthClient against the Cognito emulator', () => {
  it('signs up, verifies by code, signs in, refreshes, reads the user and signs out everywhere', async () => {
    const email = `fox-${Date.now()}@example.com`

    await member.signUp({ email, password: 'password-2025' })
    await member.resendConfirmationCode({ email })
    await member.confirmSignUp({ email, code: await latestCode(email) })
    const signedIn = await member.signIn({ email, password: 'password-2025' })

    expect(signedIn.authInfo.tokenType).toBe('Bearer')
    expect(signedIn.authInfo.expiresAt).toBeGreaterThan(Date.now())
    expect(signedIn.refreshToken).toEqual(expect.any(String))
    expect(signedIn.user).toEqual({ email, emailVerified: true, sub: expect.any(String) })

    const refreshed = await member.refreshAccessToken({ refreshToken: signedIn.refreshToken ?? '' })
    const user = await member.getUser({ accessToken: refreshed.authInfo.accessToken })
    expect(user).toEqual(signedIn.user)

    await member.signOut({ accessToken: refreshed.authInfo.accessToken })
    const afterSignOut = await member
      .refreshAccessToken({ refreshToken: signedIn.refreshToken ?? '' })
      .catch((error: unknown) => error)
    expect(afterSignOut).toBeInstanceOf(CognitoError)
    expect(isSessionExpiredError(afterSignOut)).toBe(true)
  })

  it("ends only this device's session on a thisDevice sign-out (RevokeToken): another device stays signed in", async () => {
    const email = `tablet-${Date.now()}@example.com`
    await member.signUp({ email, password: 'password-2025' })
    await member.confirmSignUp({ email, code: await latestCode(email) })
    const device = () =>
      createAdminAuthSession(member, createAppStorage(createMemoryStorage(), Date.now), Date.now)
    const thisTablet = device()
    const otherTablet = device()
    await thisTablet.signIn({ email, password: 'password-2025' })
    await otherTablet.signIn({ email, password: 'password-2025' })
    const revokedAccessToken = thisTablet.getAuthInfo()?.accessToken ?? ''
    const revokedRefreshToken = thisTablet.getRefreshToken() ?? ''

    await thisTablet.signOut()

    expect(thisTablet.isSignedIn()).toBe(false)
    const getUser = await member.getUser({ accessToken: revokedAccessToken }).catch((error: unknown) => error)
    expect(getUser).toMatchObject({
      code: 'NotAuthorizedException',
      message: 'Access Token has been revoked',
    })
    const refresh = await member
      .refreshAccessToken({ refreshToken: revokedRefreshToken })
      .catch((error: unknown) => error)
    expect(isSessionExpiredError(refresh)).toBe(true)
    expect(await member.getUser({ accessToken: otherTablet.getAuthInfo()?.accessToken ?? '' })).toMatchObject(
      {
        email,
      },
    )
    expect((await otherTablet.refresh()).authInfo.accessToken).toEqual(expect.any(String))
  })

  it('maps a wrong password to NotAuthorizedException and a wrong code to CodeMismatchException', async () => {
    const email = `wolf-${Date.now()}@example.com`
    await member.signUp({ email, password: 'password-2025' })

    const wrongCode = await member.confirmSignUp({ email, code: '000000' }).catch((error: unknown) => error)
    const wrongPassword = await member
      .signIn({ email: 'demo@example.com', password: 'not-the-password' })
      .catch((error: unknown) => error)

    expect(wrongCode).toMatchObject({ code: 'CodeMismatchException', key: 'cognito.CodeMismatchException' })
    expect(wrongPassword).toMatchObject({ code: 'NotAuthorizedException' })
  })

  it('resets a forgotten password with the mailed code', async () => {
    const email = `otter-${Date.now()}@example.com`
    await member.signUp({ email, password: 'password-2025' })
    await member.confirmSignUp({ email, code: await latestCode(email) })

    await member.forgotPassword({ email })
    await member.confirmForgotPassword({ email, code: await latestCode(email), password: 'password-2026' })

    expect((await member.signIn({ email, password: 'password-2026' })).authInfo.tokenType).toBe('Bearer')
  })
})
