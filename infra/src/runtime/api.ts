/*
 * The API's Lambda entry: API Gateway (REST API, Lambda proxy) → this handler → the API's Hono app, unchanged.
 * esbuild bundles it with the migrations beside it (src/bundle.ts); nothing here runs in tests.
 */
import { readEnv } from '@furfes/api/src/env.ts'
import { createLogger } from '@furfes/api/src/logger.ts'
import { startServer } from '@furfes/api/src/server.ts'
// hono/aws-lambda is marked deprecated in favour of @hono/aws-lambda, which is not published yet.
import { handle, type LambdaContext, type LambdaEvent } from 'hono/aws-lambda'
import { loadSecretsIntoProcessEnv } from './aws-secrets.ts'

type LambdaHandler = (event: LambdaEvent, context?: LambdaContext) => Promise<unknown>

/**
 * One API per instance, built on the first request rather than at import: Lambda's 10 s init limit would
 * otherwise also have to cover the secrets and the database. A failed start is not remembered, so the next
 * request tries again.
 */
let starting: Promise<LambdaHandler> | undefined

async function start(): Promise<LambdaHandler> {
  await loadSecretsIntoProcessEnv()
  const env = readEnv(process.env)
  const logger = createLogger({ level: env.LOG_LEVEL })
  // startServer is what `npm start` runs: the same wiring, the same checks at start. Its HTTP listener on an
  // ephemeral loopback port is never used here; requests arrive through `handle`.
  const running = await startServer({ ...env, HOST: '127.0.0.1', PORT: 0 }, { logger })
  return handle(running.api.app)
}

export const handler: LambdaHandler = async (event, context) => {
  starting ??= start().catch((error: unknown) => {
    starting = undefined
    throw error
  })
  return (await starting)(event, context)
}
