import { Hono } from 'hono'
import type { PoolConfig } from './config.ts'

export interface EmulatorOptions {
  /** Public base URL, used in issuer and JWKS URLs. */
  baseUrl: string
  pools: PoolConfig[]
}

export function createApp(options: EmulatorOptions): Hono {
  const app = new Hono()

  app.get('/_emulator/config', (c) =>
    c.json({
      pools: options.pools.map((pool) => ({
        name: pool.name,
        id: pool.id,
        clientId: pool.clientId,
        jwksUrl: `${options.baseUrl}/${pool.id}/.well-known/jwks.json`,
      })),
    }),
  )

  // Cognito's JSON 1.1 protocol: POST / with X-Amz-Target. Operations arrive with the Identity issue;
  // until then every one is refused in Cognito's error shape with HTTP 400, which the SDK does not retry.
  app.post('/', (c) => {
    const target = c.req.header('x-amz-target') ?? ''
    const operation = target.split('.').pop() ?? ''
    return c.json(
      {
        __type: 'UnsupportedOperationException',
        message: `The emulator does not implement ${operation || 'this operation'}`,
      },
      400,
    )
  })

  return app
}
