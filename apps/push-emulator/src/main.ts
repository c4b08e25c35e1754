import { serve } from '@hono/node-server'
import { createPushEmulatorApp } from './app.ts'

const port = Number(process.env.PORT || 8790)
const host = process.env.HOST || '127.0.0.1'

const server = serve({ fetch: createPushEmulatorApp().fetch, port, hostname: host }, (info) => {
  console.log(`Push service stand-in listening on http://localhost:${info.port}`)
})

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => server.close(() => process.exit(0)))
}
