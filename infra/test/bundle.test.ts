import { execFile } from 'node:child_process'
import { createHmac } from 'node:crypto'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { openDatabase } from '@furfes/api/src/db/database.ts'
import { type PostgresCluster, startPostgresCluster } from '@furfes/api/test/support/postgres-cluster.ts'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bundleApi } from '../src/bundle.ts'
import { useDatabasePassword } from '../src/runtime/database-password.ts'
import { databaseUrlFromRdsSecret } from '../src/runtime/secrets.ts'

/*
 * The Lambda code as it will run: the esbuild bundle, loaded by plain Node (not Vitest), handed the events
 * Lambda would hand it, against a real PostgreSQL. Only Secrets Manager is left out: DATABASE_URL is given
 * directly, as src/runtime/secrets.ts would set it.
 */

const run = promisify(execFile)
let folder: string
let cluster: PostgresCluster
let databaseUrl: string

/** Imports one bundled entry in a fresh Node process, calls its handler with `event`, answers its result. */
/** Runs an ES module script in plain Node with the environment a deployed function has; answers its stdout. */
async function runInLambdaEnvironment(script: string): Promise<string> {
  const { stdout, stderr } = await run(process.execPath, ['--input-type=module', '-e', script], {
    env: {
      PATH: process.env.PATH ?? '',
      DATABASE_URL: databaseUrl,
      LOG_LEVEL: 'warn',
      DATA_DIR: folder,
      // What loadSecretsIntoProcessEnv puts there from Secrets Manager in the deployed function.
      STRIPE_SECRET_KEY: 'sk_test_infra_bundle',
      STRIPE_WEBHOOK_SECRET: 'whsec_infra_bundle',
      // Nothing listens there: mail a drain owes stays in the outbox for a later run, as with SES unreachable.
      MAIL_SMTP_URL: 'smtp://127.0.0.1:9',
    },
    timeout: 60_000,
  })
  expect(stderr).toBe('')
  return stdout
}

async function invoke(entry: 'api' | 'migrate', event: unknown): Promise<unknown> {
  const stdout = await runInLambdaEnvironment(`
    const { handler } = await import(${JSON.stringify(join(folder, 'dist', `${entry}.mjs`))})
    const result = await handler(${JSON.stringify(event)})
    process.stdout.write('\\nRESULT ' + JSON.stringify(result) + '\\n')
    process.exit(0) // the API's unused loopback listener would keep the process alive
  `)
  const line = stdout.split('\n').find((candidate) => candidate.startsWith('RESULT '))
  return JSON.parse(line?.slice('RESULT '.length) ?? 'null')
}

/**
 * A REST API Lambda proxy request event as the stack's API delivers it: the stage (`api`) is in the URL
 * but not in `path`, and with binary media types `*\/*` every body arrives base64-encoded.
 */
function restApiEvent(
  method: string,
  path: string,
  request: { headers?: Record<string, string>; body?: Buffer } = {},
) {
  const headers = {
    Host: 'abc123.execute-api.ap-northeast-1.amazonaws.com',
    Origin: 'http://localhost:5173',
    ...request.headers,
  }
  return {
    resource: '/{proxy+}',
    path,
    httpMethod: method,
    headers,
    multiValueHeaders: Object.fromEntries(Object.entries(headers).map(([name, value]) => [name, [value]])),
    queryStringParameters: null,
    multiValueQueryStringParameters: null,
    pathParameters: { proxy: path.slice(1) },
    stageVariables: null,
    requestContext: {
      accountId: '123456789012',
      apiId: 'abc123',
      domainName: 'abc123.execute-api.ap-northeast-1.amazonaws.com',
      httpMethod: method,
      identity: { sourceIp: '192.0.2.1', userAgent: 'test' },
      path: `/api${path}`,
      protocol: 'HTTP/1.1',
      requestId: 'request-1',
      resourcePath: '/{proxy+}',
      stage: 'api',
      requestTimeEpoch: 1_795_327_200_000,
    },
    body: request.body ? request.body.toString('base64') : null,
    isBase64Encoded: request.body !== undefined,
  }
}

type LambdaResult = {
  statusCode: number
  headers?: Record<string, string>
  multiValueHeaders?: Record<string, string[]>
  body: string
  isBase64Encoded: boolean
}

beforeAll(async () => {
  folder = mkdtempSync(join(tmpdir(), 'furfes-infra-bundle-'))
  bundleApi(folder)
  cluster = await startPostgresCluster()
  databaseUrl = await cluster.createDatabase('furfes')
})
afterAll(async () => {
  await cluster?.stop()
  if (folder) rmSync(folder, { recursive: true, force: true })
})

describe('the bundled Lambda code', () => {
  it('migrates the database, and runs again harmlessly (every deployment runs it)', async () => {
    expect(await invoke('migrate', {})).toEqual({ status: 'migrated' })
    expect(await invoke('migrate', {})).toEqual({ status: 'migrated' })
  })

  it('answers REST API events through the Hono app, JSON as text', async () => {
    const features = (await invoke('api', restApiEvent('GET', '/features'))) as LambdaResult
    expect(features.statusCode).toBe(200)
    // Text, so API Gateway passes it on as it is; only base64 answers are turned into bytes.
    expect(features.isBase64Encoded).toBe(false)
    expect(features.multiValueHeaders?.['access-control-allow-origin']).toEqual(['http://localhost:5173'])
    expect(JSON.parse(features.body)).toEqual({
      is_new_club_activity_establishment_available: expect.any(Boolean),
      is_registration_available: expect.any(Boolean),
      is_under_maintenance: false,
      is_event_cancelled: false,
    })
    const health = (await invoke('api', restApiEvent('GET', '/health'))) as LambdaResult
    expect(health.statusCode).toBe(200)
    expect(JSON.parse(health.body)).toMatchObject({ status: 'ok', database: 'postgres' })
  })

  it('verifies a Stripe webhook over exactly the bytes Stripe signed, non-ASCII included', async () => {
    // What payers type travels in Stripe's events; the signature covers the raw UTF-8 bytes.
    const body = Buffer.from(
      JSON.stringify({
        id: 'evt_bundle_webhook',
        object: 'event',
        type: 'customer.created',
        created: Math.floor(Date.now() / 1000),
        data: { object: { object: 'customer', id: 'cus_1', name: 'もふもふ 太郎 🐺' } },
      }),
    )
    const timestamp = Math.floor(Date.now() / 1000)
    const sign = (payload: Buffer) =>
      `t=${timestamp},v1=${createHmac('sha256', 'whsec_infra_bundle')
        .update(Buffer.concat([Buffer.from(`${timestamp}.`), payload]))
        .digest('hex')}`
    const webhook = (payload: Buffer, signature: string) =>
      restApiEvent('POST', '/webhooks/stripe', {
        headers: { 'Content-Type': 'application/json; charset=utf-8', 'Stripe-Signature': signature },
        body: payload,
      })

    const accepted = (await invoke('api', webhook(body, sign(body)))) as LambdaResult
    expect(accepted.statusCode).toBe(200)
    expect(JSON.parse(accepted.body)).toEqual({ received: true, outcome: 'ignored' })
    // One byte changed after signing is refused: the signature really is checked over these bytes.
    const altered = Buffer.from(body.toString('utf8').replace('太郎', '次郎'))
    const refused = (await invoke('api', webhook(altered, sign(body)))) as LambdaResult
    expect(refused.statusCode).toBe(400)
  })
})

describe('the scheduled mail drain', () => {
  it('gives back a spot whose checkout claim passed without a session on every run, with no request to the API (decision 056)', async () => {
    expect(await invoke('migrate', {})).toEqual({ status: 'migrated' })
    const client = new pg.Client({ connectionString: databaseUrl })
    await client.connect()
    const taken = async () =>
      (
        await client.query<{ taken: number }>(
          `select taken from tier_inventory where registration_tier = 'member' and edition_id = (select edition_id from current_edition)`,
        )
      ).rows[0]?.taken ?? 0
    try {
      await client.query(
        `insert into tier_inventory (edition_id, registration_tier, capacity, taken)
         values ((select edition_id from current_edition), 'member', 300, 0) on conflict (edition_id, registration_tier) do nothing`,
      )
      const takenBefore = await taken()
      // What a crash between taking the spot and recording its session leaves: a pending row with no session
      // whose claim has passed, the spot still counted. It is written after the function's first run, so only a
      // release made by each run (not the one when the instance starts) can give it back.
      const userId = '5d0b0c1e-2f3a-4b5c-8d6e-7f8091a2b3c4'
      const registrationId = '6e1c1d2f-3a4b-4c5d-9e7f-8091a2b3c4d5'
      const strand = [
        "insert into users (user_id, email, created_at) values ('" +
          userId +
          "', 'crash@example.com', now())",
        "update tier_inventory set taken = taken + 1 where registration_tier = 'member' and edition_id = (select edition_id from current_edition)",
        `insert into registrations (registration_id, edition_id, user_id, registration_tier, badge_name,
           payment_status, amount_jpy, expires_at, created_at, updated_at)
         values ('${registrationId}', (select edition_id from current_edition), '${userId}', 'member', 'Crash', 'pending', 3000,
           now() - interval '1 minute', now() - interval '2 minutes', now() - interval '2 minutes')`,
      ]
      const pgEntry = createRequire(import.meta.url).resolve('pg')
      await runInLambdaEnvironment(`
        const { handler } = await import(${JSON.stringify(join(folder, 'dist', 'mail.mjs'))})
        await handler({})
        const { default: pg } = await import(${JSON.stringify(pgEntry)})
        const client = new pg.Client({ connectionString: process.env.DATABASE_URL })
        await client.connect()
        for (const statement of ${JSON.stringify(strand)}) await client.query(statement)
        await client.end()
        await handler({})
        process.exit(0)
      `)

      const registration = await client.query<{ payment_status: string }>(
        'select payment_status from registrations where registration_id = $1',
        [registrationId],
      )
      expect(registration.rows[0]?.payment_status).toBe('expired')
      expect(await taken()).toBe(takenBefore)
    } finally {
      await client.end()
    }
  })
})

describe('the database password after a rotation (decision 082)', () => {
  it('is read by the connections the bundled code opens from its one copy of node-postgres', () => {
    // pg.defaults set by the runtime must be the ones the API's pool reads: one copy of pg in each bundle.
    for (const entry of ['api', 'migrate', 'mail']) {
      const code = readFileSync(join(folder, 'dist', `${entry}.mjs`), 'utf8')
      expect(code.split('Password must be a string').length - 1, entry).toBe(1)
    }
  })

  it('reaches new connections at once, without restarting, while open connections carry on', async () => {
    const superuser = new pg.Client({ connectionString: cluster.url })
    await superuser.connect()
    const opened: { close(): Promise<void> }[] = []
    try {
      await superuser.query("create role furfes_app login password 'first-password'")
      await superuser.query('create database furfes_rotation owner furfes_app')
      // As on RDS: the application role must give its password (the cluster otherwise trusts local users).
      const { rows } = await superuser.query<{ hba_file: string }>('show hba_file')
      writeFileSync(
        rows[0]?.hba_file ?? '',
        'local all all trust\nhost all postgres 127.0.0.1/32 trust\nhost all all 127.0.0.1/32 scram-sha-256\n',
      )
      await superuser.query('select pg_reload_conf()')
      const port = new URL(cluster.url).port
      const withPassword = (password: string) =>
        `postgres://furfes_app:${password}@127.0.0.1:${port}/furfes_rotation`
      // The reload is asynchronous: wait until the server asks the role for its password.
      for (;;) {
        const probe = new pg.Client({ connectionString: withPassword('wrong') })
        const refused = await probe.connect().then(
          () => false,
          (error: Error) => /password authentication failed/.test(error.message),
        )
        await probe.end().catch(() => {})
        if (refused) break
      }

      // The secret as RDS keeps it; the runtime builds DATABASE_URL from it and reads the password per connection.
      const secret = { username: 'furfes_app', host: '127.0.0.1', port, dbname: 'furfes_rotation' }
      let current = JSON.stringify({ ...secret, password: 'first-password' })
      useDatabasePassword('arn:db', async () => current)
      // The URL the runtime builds, minus TLS: this cluster has no certificate (RDS has, sslmode=verify-full).
      const url = databaseUrlFromRdsSecret(current).replace('?sslmode=verify-full', '')
      expect(url).not.toContain('first-password')

      const running = await openDatabase({ kind: 'postgres', url, poolSize: 1 })
      opened.push(running)
      await running.ping()
      // What an instance that kept the password of its start would do.
      const keptPassword = await openDatabase({
        kind: 'postgres',
        url: withPassword('first-password'),
        poolSize: 1,
      })
      opened.push(keptPassword)

      // The rotation: a new password in PostgreSQL, then in the secret.
      await superuser.query("alter role furfes_app password 'second-password'")
      current = JSON.stringify({ ...secret, password: 'second-password' })

      await running.ping() // its open connection carries on
      const afterRotation = await openDatabase({ kind: 'postgres', url, poolSize: 1 })
      opened.push(afterRotation)
      await afterRotation.ping() // a new connection gets the new password
      await expect(keptPassword.ping()).rejects.toThrow(/password authentication failed/)
    } finally {
      pg.defaults.password = undefined
      await Promise.all(opened.map((database) => database.close()))
      await superuser.end()
    }
  })
})
