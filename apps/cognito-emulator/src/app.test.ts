import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApp } from './app.ts'
import { createAdjustableClock } from './clock.ts'
import { loadPools } from './config.ts'
import { Emulator } from './emulator.ts'
import type { MailMessage } from './state.ts'

const { pools } = loadPools()
const members = pools[0]
const target = (operation: string) => ({ 'x-amz-target': `AWSCognitoIdentityProviderService.${operation}` })
const cognitoHeaders = (operation: string) => ({
  'content-type': 'application/x-amz-json-1.1',
  ...target(operation),
})

describe('cognito emulator over HTTP', () => {
  let emulator: Emulator
  let sut: ReturnType<typeof createApp>
  const dataDir = mkdtempSync(join(tmpdir(), 'cognito-app-'))
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }))
  beforeAll(async () => {
    emulator = await Emulator.open({
      baseUrl: 'http://localhost:9229',
      pools,
      dataDir,
      onMail: () => {},
      passwordHashCost: 1024,
    })
    sut = createApp(emulator, { allowedOrigins: ['https://pwa.furfes.example/ja'] })
  })

  const post = (operation: string, body: unknown) =>
    sut.request('/', { method: 'POST', headers: cognitoHeaders(operation), body: JSON.stringify(body) })

  it('lists the members and admins pools with ids in ap-northeast-1, client ids, issuers and JWKS URLs', async () => {
    const response = await sut.request('/_emulator/config')

    expect(response.status).toBe(200)
    const body = (await response.json()) as {
      pools: { name: string; id: string; clientId: string; jwksUrl: string }[]
    }
    expect(body.pools.map((pool) => pool.name)).toEqual(['members', 'admins'])
    for (const pool of body.pools) {
      expect(pool.id).toMatch(/^ap-northeast-1_[A-Za-z0-9]+$/)
      expect(pool.clientId).toMatch(/^[a-z0-9]{26}$/)
      expect(pool).toMatchObject({
        issuer: `http://localhost:9229/${pool.id}`,
        jwksUrl: `http://localhost:9229/${pool.id}/.well-known/jwks.json`,
      })
    }
  })

  it('refuses an operation it does not implement with HTTP 400 in Cognito error shape', async () => {
    const response = await post('DescribeUserPool', { UserPoolId: members?.id })

    expect(response.status).toBe(400)
    expect(response.headers.get('x-amzn-errortype')).toBe('UnsupportedOperationException')
    expect(response.headers.get('content-type')).toBe('application/x-amz-json-1.1')
    expect(await response.json()).toEqual({
      __type: 'UnsupportedOperationException',
      message: 'The emulator does not implement DescribeUserPool',
    })
  })

  it('answers a target outside the Cognito service with UnknownOperationException', async () => {
    const response = await sut.request('/', {
      method: 'POST',
      headers: { 'x-amz-target': 'AmazonSSM.GetParameter' },
      body: '{}',
    })

    expect(response.status).toBe(400)
    expect(await response.json()).toMatchObject({ __type: 'UnknownOperationException' })
  })

  it('answers a body that is not JSON, or not an object, with SerializationException', async () => {
    const garbage = await sut.request('/', {
      method: 'POST',
      headers: cognitoHeaders('SignUp'),
      body: '{"Client',
    })
    const list = await post('SignUp', [1, 2])
    const wrongType = await post('SignUp', {
      ClientId: 42,
      Username: 'a@example.com',
      Password: 'pass-word-1',
    })

    for (const response of [garbage, list, wrongType]) {
      expect(response.status).toBe(400)
      expect(await response.json()).toMatchObject({ __type: 'SerializationException' })
    }
  })

  it('answers a bug with 500 InternalErrorException and reports it, without leaking its details', async () => {
    const reported: unknown[] = []
    const buggy = {
      pools,
      issuer: () => '',
      jwks: () => undefined,
      mailbox: () => [],
      requiresCredentials: () => false,
      run: () => Promise.reject(new TypeError('boom')),
    }
    const broken = createApp(buggy, { onInternalError: (error) => reported.push(error) })

    const response = await broken.request('/', {
      method: 'POST',
      headers: cognitoHeaders('GetUser'),
      body: '{}',
    })

    expect(response.status).toBe(500)
    expect(await response.json()).toEqual({ __type: 'InternalErrorException', message: 'Internal error' })
    expect(reported).toEqual([new TypeError('boom')])
  })

  describe('CORS', () => {
    /** What the browser SDK asks to send; SigV4's authorization is allowed beside them. */
    const requestedHeaders = [
      'content-type',
      'x-amz-target',
      'x-amz-user-agent',
      'amz-sdk-invocation-id',
      'amz-sdk-request',
    ]
    const preflight = (origin: string) =>
      sut.request('/', {
        method: 'OPTIONS',
        headers: {
          origin,
          'access-control-request-method': 'POST',
          'access-control-request-headers': requestedHeaders.join(','),
        },
      })

    it('allows the configured app origins and any local development origin, with the SDK headers', async () => {
      for (const origin of [
        'https://pwa.furfes.example',
        'http://localhost:5173',
        'http://127.0.0.1:15173',
      ]) {
        const response = await preflight(origin)

        expect(response.status).toBe(204)
        expect(response.headers.get('access-control-allow-origin')).toBe(origin)
        const allowed = response.headers.get('access-control-allow-headers')?.split(',') ?? []
        expect(allowed).toEqual(expect.arrayContaining([...requestedHeaders, 'authorization']))
      }
    })

    it('does not allow other origins', async () => {
      for (const origin of [
        'https://evil.example',
        'http://localhost.evil.example',
        'https://localhost:5173',
      ]) {
        const response = await preflight(origin)

        expect(response.headers.get('access-control-allow-origin')).toBeNull()
      }
    })

    it('marks error answers for the allowed origin too, so the browser SDK can read them', async () => {
      const response = await sut.request('/', {
        method: 'POST',
        headers: { ...cognitoHeaders('DescribeUserPool'), origin: 'http://localhost:5173' },
        body: '{}',
      })

      expect(response.headers.get('access-control-allow-origin')).toBe('http://localhost:5173')
      expect(response.headers.get('access-control-expose-headers')).toContain('x-amzn-errortype')
    })
  })

  describe('mailbox', () => {
    beforeAll(async () => {
      for (const Username of ['First@Example.com', '<b>x</b>@example.com']) {
        const response = await post('SignUp', {
          ClientId: members?.clientId,
          Username,
          Password: 'pass-word-1',
        })
        expect(response.status).toBe(200)
      }
      await post('ResendConfirmationCode', { ClientId: members?.clientId, Username: 'first@example.com' })
    })

    it('returns the messages to one address as JSON, newest first, with code, kind and sentAt', async () => {
      const response = await sut.request('/_emulator/mailbox?email=FIRST@example.com')

      const { messages } = (await response.json()) as { messages: MailMessage[] }
      expect(messages.map((message) => message.kind)).toEqual(['resend', 'sign_up'])
      for (const message of messages) {
        expect(message).toMatchObject({
          email: 'first@example.com',
          pool: 'members',
          code: expect.stringMatching(/^\d{6}$/),
          sentAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        })
      }
    })

    it('shows every message on a bilingual page, with user data escaped', async () => {
      const response = await sut.request('/_emulator/mailbox', { headers: { accept: 'text/html' } })

      expect(response.headers.get('content-type')).toContain('text/html')
      const page = await response.text()
      expect(page).toContain('受信箱 / Mailbox')
      expect(page).toContain('first@example.com')
      expect(page).toContain('&lt;b&gt;x&lt;/b&gt;@example.com')
      expect(page).not.toContain('<b>x</b>')
    })

    it('answers JSON with every message to a client that asks for JSON', async () => {
      const response = await sut.request('/_emulator/mailbox', { headers: { accept: 'application/json' } })

      const { messages } = (await response.json()) as { messages: MailMessage[] }
      expect(messages).toHaveLength(3)
    })
  })
})

describe('the emulator clock, for tests', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'cognito-clock-'))
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }))
  const day = 24 * 60 * 60 * 1000
  const user = { email: 'clock@example.com', password: 'pass-word-1' }

  async function openApp(withClock: boolean) {
    const clock = createAdjustableClock()
    const emulator = await Emulator.open({
      baseUrl: 'http://localhost:9229',
      pools: pools.map((pool) => ({ ...pool, seedUsers: [user] })),
      dataDir,
      onMail: () => {},
      passwordHashCost: 1024,
      ...(withClock ? { clock } : {}),
    })
    return createApp(emulator, withClock ? { clock } : {})
  }

  it('moves ahead on request, so a 30-day refresh token can be seen to expire, and back to the system clock', async () => {
    const app = await openApp(true)
    const post = (operation: string, body: unknown) =>
      app.request('/', { method: 'POST', headers: cognitoHeaders(operation), body: JSON.stringify(body) })
    const putClock = (body: unknown) =>
      app.request('/_emulator/clock', {
        method: 'PUT',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      })
    const signIn = await post('InitiateAuth', {
      ClientId: members?.clientId,
      AuthFlow: 'USER_PASSWORD_AUTH',
      AuthParameters: { USERNAME: user.email, PASSWORD: user.password },
    })
    const { AuthenticationResult } = (await signIn.json()) as {
      AuthenticationResult: { RefreshToken: string }
    }
    const refresh = () =>
      post('InitiateAuth', {
        ClientId: members?.clientId,
        AuthFlow: 'REFRESH_TOKEN_AUTH',
        AuthParameters: { REFRESH_TOKEN: AuthenticationResult.RefreshToken },
      })

    const moved = await putClock({ offsetMs: 31 * day })
    expect(moved.status).toBe(200)
    const state = (await moved.json()) as { now: string; offsetMs: number }
    expect(state.offsetMs).toBe(31 * day)
    expect(Date.parse(state.now) - Date.now()).toBeGreaterThan(30 * day)
    const expired = await refresh()
    expect(expired.status).toBe(400)
    expect(await expired.json()).toEqual({
      __type: 'NotAuthorizedException',
      message: 'Refresh Token has expired',
    })

    // Back to the system clock: the expired session stays ended, as Cognito's would.
    expect((await putClock({ offsetMs: 0 })).status).toBe(200)
    expect(await (await app.request('/_emulator/clock')).json()).toMatchObject({ offsetMs: 0 })
    expect((await refresh()).status).toBe(400)
  })

  it('refuses an offset that is not a whole, non-negative number of milliseconds', async () => {
    const app = await openApp(true)
    for (const body of [{ offsetMs: -1 }, { offsetMs: 1.5 }, { offsetMs: '1' }, {}]) {
      const response = await app.request('/_emulator/clock', {
        method: 'PUT',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      })
      expect(response.status, JSON.stringify(body)).toBe(400)
    }
    expect(await (await app.request('/_emulator/clock')).json()).toMatchObject({ offsetMs: 0 })
  })

  it('has no clock to move unless it was given one', async () => {
    const app = await openApp(false)
    expect((await app.request('/_emulator/clock')).status).toBe(404)
  })
})
