import { serve } from '@hono/node-server'
import { createApp } from './app.ts'

const port = Number(process.env.PORT ?? 12111)
const host = process.env.HOST ?? '127.0.0.1'

const server = serve({ fetch: createApp().fetch, port, hostname: host }, () => {
  console.log(`Stripe emulator listening on http://localhost:${port}`)
})

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => server.close(() => process.exit(0)))
}
