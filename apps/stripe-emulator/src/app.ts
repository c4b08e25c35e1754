import { Hono } from 'hono'

export function createApp(): Hono {
  const app = new Hono()
  app.get('/health', (c) => c.json({ status: 'ok' }))
  // Stripe's error shape for everything not implemented yet (the Payments issue adds Checkout Sessions).
  app.all('/v1/*', (c) =>
    c.json(
      {
        error: {
          type: 'invalid_request_error',
          message: `Unrecognized request URL (${c.req.method}: ${c.req.path}).`,
        },
      },
      404,
    ),
  )
  return app
}
