import { serve } from '@hono/node-server'
import { createApp } from './app.ts'
import { loadPools } from './config.ts'

const port = Number(process.env.PORT ?? 9229)
const host = process.env.HOST ?? '127.0.0.1'
const baseUrl = process.env.COGNITO_ENDPOINT ?? `http://localhost:${port}`

const app = createApp({ baseUrl, pools: loadPools().pools })
const server = serve({ fetch: app.fetch, port, hostname: host }, () => {
  console.log(`Cognito emulator listening on ${baseUrl}`)
})

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => server.close(() => process.exit(0)))
}
