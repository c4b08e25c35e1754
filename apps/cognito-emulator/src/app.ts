import { randomUUID } from 'node:crypto'
import { Hono } from 'hono'
import { cors } from 'hono/cors'
import type { AdjustableClock } from './clock.ts'
import type { Emulator } from './emulator.ts'
import { CognitoError } from './errors.ts'
import { mailboxPage } from './mailbox.ts'
import { type AccessKey, verifySignature } from './signature.ts'

export interface AppOptions {
  /** Web origins allowed besides any http://localhost:* and http://127.0.0.1:* (PWA_URL, RECEPTION_URL). */
  allowedOrigins?: string[]
  /** Told about bugs (answered with a 500); the console by default. */
  onInternalError?: (error: unknown) => void
  /**
   * The emulator's clock, when tests may move it ahead (`GET`/`PUT /_emulator/clock`): expiry of codes and
   * tokens (a refresh token lasts 30 days) is then reachable from a browser test without waiting.
   */
  clock?: AdjustableClock
  /**
   * The AWS access keys the admin operations (IAM-authorised at Cognito) accept, with the region their
   * signatures must be scoped to. Without keys every signed request is refused, as an unknown key would be.
   */
  adminCredentials?: { region: string; keys: readonly AccessKey[] }
  /** The wall clock signatures are checked against (AWS allows five minutes either way); Date.now by default. */
  now?: () => number
}

/** What the HTTP layer needs from the emulator. */
type UserPools = Pick<Emulator, 'pools' | 'issuer' | 'jwks' | 'mailbox' | 'run' | 'requiresCredentials'>

const servicePrefix = 'AWSCognitoIdentityProviderService.'
const jsonType = 'application/x-amz-json-1.1'
const localOrigin = /^http:\/\/(localhost|127\.0\.0\.1)(:\d+)?$/

/** The headers the AWS SDK for JavaScript sends from a browser (and SigV4's, for completeness). */
const sdkHeaders = [
  'content-type',
  'x-amz-target',
  'x-amz-user-agent',
  'amz-sdk-invocation-id',
  'amz-sdk-request',
  'authorization',
  'x-amz-date',
  'x-amz-security-token',
  'x-amz-content-sha256',
]

function errorResponse(error: CognitoError, requestId: string): Response {
  return new Response(JSON.stringify({ __type: error.type, message: error.message }), {
    status: error.status,
    headers: { 'content-type': jsonType, 'x-amzn-errortype': error.type, 'x-amzn-requestid': requestId },
  })
}

/** The HTTP face of the emulator: Cognito's JSON 1.1 protocol on POST /, JWKS, and the dev helpers. */
export function createApp(emulator: UserPools, options: AppOptions = {}): Hono {
  const onInternalError = options.onInternalError ?? ((error: unknown) => console.error(error))
  const allowed = new Set((options.allowedOrigins ?? []).map((url) => new URL(url).origin))
  const app = new Hono()

  app.use(
    '*',
    cors({
      origin: (origin) => (allowed.has(origin) || localOrigin.test(origin) ? origin : null),
      allowMethods: ['GET', 'POST', 'PUT', 'OPTIONS'],
      allowHeaders: sdkHeaders,
      exposeHeaders: ['x-amzn-requestid', 'x-amzn-errortype', 'x-amzn-errormessage', 'date'],
      maxAge: 86400,
    }),
  )

  app.get('/_emulator/config', (c) =>
    c.json({
      pools: emulator.pools.map((pool) => ({
        name: pool.name,
        id: pool.id,
        clientId: pool.clientId,
        issuer: emulator.issuer(pool.id),
        jwksUrl: `${emulator.issuer(pool.id)}/.well-known/jwks.json`,
      })),
    }),
  )

  const clock = options.clock
  if (clock) {
    const clockState = () => ({ now: new Date(clock.now()).toISOString(), offsetMs: clock.offsetMs() })
    app.get('/_emulator/clock', (c) => c.json(clockState()))
    app.put('/_emulator/clock', async (c) => {
      const body = (await c.req.json().catch(() => undefined)) as { offsetMs?: unknown } | undefined
      const offsetMs = body?.offsetMs
      if (typeof offsetMs !== 'number' || !Number.isSafeInteger(offsetMs) || offsetMs < 0) {
        return c.json(
          { message: 'Send {"offsetMs": n}: how far ahead of the system clock, in whole ms (0 resets).' },
          400,
        )
      }
      clock.setOffset(offsetMs)
      return c.json(clockState())
    })
  }

  // JSON when asked for one address (?email=) or for JSON; otherwise the page for people.
  app.get('/_emulator/mailbox', (c) => {
    const email = c.req.query('email')
    const wantsJson = email !== undefined || !(c.req.header('accept') ?? 'text/html').includes('text/html')
    if (wantsJson) return c.json({ messages: emulator.mailbox(email) })
    return c.html(mailboxPage(emulator.mailbox()))
  })

  app.get('/:poolId/.well-known/jwks.json', (c) => {
    const jwks = emulator.jwks(c.req.param('poolId'))
    return jwks ? c.json(jwks) : c.json({ message: 'User pool not found' }, 404)
  })

  app.get('/:poolId/.well-known/openid-configuration', (c) => {
    const poolId = c.req.param('poolId')
    if (!emulator.jwks(poolId)) return c.json({ message: 'User pool not found' }, 404)
    const issuer = emulator.issuer(poolId)
    return c.json({
      issuer,
      jwks_uri: `${issuer}/.well-known/jwks.json`,
      id_token_signing_alg_values_supported: ['RS256'],
      subject_types_supported: ['public'],
      response_types_supported: ['code', 'token'],
      scopes_supported: ['openid', 'email', 'aws.cognito.signin.user.admin'],
      claims_supported: ['sub', 'iss', 'email', 'email_verified', 'cognito:username'],
    })
  })

  app.post('/', async (c) => {
    const requestId = randomUUID()
    const target = c.req.header('x-amz-target') ?? ''
    if (!target.startsWith(servicePrefix)) {
      return errorResponse(
        new CognitoError('UnknownOperationException', `Unknown operation ${target}`),
        requestId,
      )
    }
    try {
      const text = await c.req.text()
      const operation = target.slice(servicePrefix.length)
      // Admin operations need a SigV4 signature made with one of the configured keys, checked before the body
      // is read, as AWS does. Other operations ignore any signature, as Cognito's public operations do.
      const signed = emulator.requiresCredentials(operation) && c.req.header('authorization') !== undefined
      if (signed) {
        await verifySignature(
          { method: c.req.method, url: new URL(c.req.url), headers: c.req.raw.headers, body: text },
          {
            keys: options.adminCredentials?.keys ?? [],
            region: options.adminCredentials?.region ?? '',
            now: (options.now ?? Date.now)(),
          },
        )
      }
      let body: unknown
      try {
        body = text.trim() === '' ? {} : JSON.parse(text)
      } catch {
        throw new CognitoError('SerializationException', 'The request body is not valid JSON.')
      }
      const result = await emulator.run(operation, body, signed)
      return new Response(JSON.stringify(result), {
        headers: { 'content-type': jsonType, 'x-amzn-requestid': requestId },
      })
    } catch (error) {
      if (error instanceof CognitoError) return errorResponse(error, requestId)
      // A bug, not an expected answer: Cognito's 500 (which the SDK retries), and loud on the console.
      onInternalError(error)
      return errorResponse(new CognitoError('InternalErrorException', 'Internal error', 500), requestId)
    }
  })

  return app
}
