import { serve } from '@hono/node-server'
import { createApp } from './app.ts'
import { Emulator } from './emulator.ts'
import { readEnv } from './env.ts'
import { fileStore, memoryStore } from './store.ts'
import { SystemClock, systemScheduler } from './time.ts'

const env = readEnv(process.env)

const emulator = new Emulator({
  baseUrl: env.publicUrl,
  secretKey: env.secretKey,
  webhookSecret: env.webhookSecret,
  webhookUrl: env.webhookUrl,
  clock: new SystemClock(),
  scheduler: systemScheduler,
  store: env.stateDir === null ? memoryStore : fileStore(env.stateDir),
})
emulator.start()

const server = serve({ fetch: createApp(emulator).fetch, port: env.port, hostname: env.host }, () => {
  console.log(`Stripe emulator listening on ${env.publicUrl}`)
  console.log(`  webhooks: ${env.webhookUrl ?? 'none (STRIPE_WEBHOOK_URL is empty); see /_emulator/events'}`)
})

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    emulator.stop()
    server.close(() => process.exit(0))
  })
}
