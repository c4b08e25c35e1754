import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { readEnv } from '../src/env.ts'
import { createMemoryLogger } from '../src/logger.ts'
import { generateSigningJwk } from '../src/registration-code/keys.ts'
import { type RunningServer, startServer } from '../src/server.ts'
import {
  createFakeIdentity,
  createPostgresDatabase,
  heldGateway,
  readResponse,
  registrationRequest,
  requestInit,
} from './support/harness.ts'
import { mintAccessToken, poolVerifier } from './support/tokens.ts'

/*
 * The API as main.ts starts it: configuration from the environment, a real HTTP server on an ephemeral port,
 * health, the OpenAPI document, the registration-code keys, and a graceful shutdown.
 */

const pwaUrl = 'http://localhost:5173'

// Each test starts a real server, and on PGlite that creates a database from nothing in the data folder (initdb
// and every migration): over the project's 30 s on a loaded 2-core machine with another test file running.
describe('the API server', { timeout: 90_000 }, () => {
  let dataDir: string
  const running: RunningServer[] = []
  beforeEach(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'furfes-api-server-'))
  })
  afterEach(async () => {
    await Promise.all(running.splice(0).map((server) => server.close()))
    rmSync(dataDir, { recursive: true, force: true })
  })

  async function start(variables: Record<string, string> = {}, overrides = {}) {
    const env = readEnv({
      PORT: '0',
      DATA_DIR: dataDir,
      PWA_URL: pwaUrl,
      // Nothing listens there: these tests make no payment.
      STRIPE_API_URL: 'http://127.0.0.1:9',
      STRIPE_SECRET_KEY: 'sk_test_server_tests',
      STRIPE_WEBHOOK_SECRET: 'whsec_server_tests',
      ...variables,
    })
    const logger = createMemoryLogger()
    const server = await startServer(env, { logger, overrides })
    running.push(server)
    return { server, logger }
  }

  async function get(server: RunningServer, path: string) {
    return readResponse(await fetch(`${server.url}${path}`))
  }

  it('starts on PGlite in the data folder: health, OpenAPI document, JWKS', async () => {
    const { server, logger } = await start()
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
    expect(await get(server, '/health')).toMatchObject({
      status: 200,
      body: { status: 'ok', database: 'pglite' },
    })
    const openapi = await get(server, '/openapi.json')
    const paths = Object.keys((openapi.body as { paths: Record<string, unknown> }).paths)
    expect(paths).toEqual(
      expect.arrayContaining([
        '/profile',
        '/registration/additional',
        '/inventory',
        '/registration',
        '/public-profile',
        '/features',
        '/registration/jwt',
        '/admin/participants',
        '/admin/features',
      ]),
    )
    const jwks = await get(server, '/.well-known/jwks.json')
    expect((jwks.body as { keys: { kty: string; crv: string; alg: string }[] }).keys).toEqual([
      expect.objectContaining({ kty: 'EC', crv: 'P-256', alg: 'ES256', use: 'sig' }),
    ])
    expect(logger.records.map((record) => record.msg)).toEqual(
      expect.arrayContaining(['Database ready', 'API listening']),
    )
  })

  it('keeps its generated registration-code key across restarts, and refuses a second server on the same folder', async () => {
    const first = await start()
    const kid = ((await get(first.server, '/.well-known/jwks.json')).body as { keys: { kid: string }[] })
      .keys[0]?.kid
    await expect(start()).rejects.toThrow(/uses the PGlite data folder/)
    await first.server.close()
    const second = await start()
    const again = ((await get(second.server, '/.well-known/jwks.json')).body as { keys: { kid: string }[] })
      .keys
    expect(again.map((key) => key.kid)).toEqual([kid])
  })

  it('signs with configured keys in production and publishes all of them for rotation', async () => {
    const active = await generateSigningJwk()
    const previous = await generateSigningJwk()
    await expect(start({ REGISTRATION_CODE_SIGNING_KEYS: '{"keys":[{"kty":"RSA"}]}' })).rejects.toThrow(
      /REGISTRATION_CODE_SIGNING_KEYS/,
    )
    const { server } = await start({
      REGISTRATION_CODE_SIGNING_KEYS: JSON.stringify({ keys: [active, previous] }),
    })
    const keys = ((await get(server, '/.well-known/jwks.json')).body as { keys: Record<string, unknown>[] })
      .keys
    expect(keys.map((key) => key.kid)).toEqual([active.kid, previous.kid])
    expect(keys.every((key) => key.d === undefined)).toBe(true)
  })

  it('runs on PostgreSQL when DATABASE_URL is set', async () => {
    const { server } = await start({ DATABASE_URL: await createPostgresDatabase() })
    expect(await get(server, '/health')).toMatchObject({
      status: 200,
      body: { status: 'ok', database: 'postgres' },
    })
  })

  it('shuts down gracefully: stops accepting, finishes the request in flight, then closes the database', async () => {
    const { gateway, entered: inGateway, unblock } = heldGateway(pwaUrl)
    const { server, logger } = await start(
      // The server runs on the wall clock: an edition on sale today (decision 158 refuses any other).
      { DATABASE_URL: await createPostgresDatabase(), EDITION_SEED: 'development' },
      {
        memberTokens: await poolVerifier('members', Date.now),
        identity: createFakeIdentity(),
        paymentGateway: gateway,
      },
    )
    const token = await mintAccessToken(crypto.randomUUID(), Date.now())
    const body = {
      ...registrationRequest(),
      success_url: `${pwaUrl}/ja/mypage/dashboard`,
      cancel_url: `${pwaUrl}/ja/mypage/registration`,
    }
    const inFlight = fetch(`${server.url}/registration`, requestInit('POST', { token, body }))
    // Fails fast (instead of waiting for the gateway forever) if the request is answered without reaching it.
    const answeredEarly = await Promise.race([inGateway.then(() => false), inFlight.then(() => true)])
    expect(answeredEarly).toBe(false)

    const closing = server.close()
    await expect(fetch(`${server.url}/health`)).rejects.toThrow()
    unblock()
    const response = await readResponse(await inFlight)
    expect(response.status).toBe(201)
    await closing
    await expect(server.database.ping()).rejects.toThrow()
    const messages = logger.records.map((record) => record.msg)
    expect(messages).toEqual(
      expect.arrayContaining(['Shutting down: finishing in-flight requests', 'Shut down']),
    )
    // The in-flight request's kept-alive connection closed once answered, not at the shutdown timeout.
    expect(messages).not.toContain('Shutdown timeout: closing the remaining connections')
  })
})
