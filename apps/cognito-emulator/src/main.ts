import { fileURLToPath } from 'node:url'
import { serve } from '@hono/node-server'
import { createApp } from './app.ts'
import { createAdjustableClock } from './clock.ts'
import { loadPools } from './config.ts'
import { Emulator } from './emulator.ts'
import { mailLine } from './mailbox.ts'
import { createSmtpSender } from './smtp.ts'

const port = Number(process.env.PORT ?? 9229)
const host = process.env.HOST ?? '127.0.0.1'
const baseUrl = (process.env.COGNITO_ENDPOINT ?? `http://localhost:${port}`).replace(/\/+$/, '')
const dataDir = process.env.DATA_DIR ?? fileURLToPath(new URL('../../../.data', import.meta.url))
const allowedOrigins = [process.env.PWA_URL, process.env.RECEPTION_URL].flatMap((url) => (url ? [url] : []))

const clock = createAdjustableClock()
// With MAIL_SMTP_URL (set by `npm start`) every code is also mailed there; a mail server that is down costs only
// a warning, since the code stays readable on the mailbox page.
const smtp = process.env.MAIL_SMTP_URL
  ? createSmtpSender({
      url: process.env.MAIL_SMTP_URL,
      from: process.env.COGNITO_MAIL_FROM ?? '"Cognito emulator" <no-reply@cognito-emulator.invalid>',
    })
  : undefined
const emulator = await Emulator.open({
  baseUrl,
  dataDir,
  pools: loadPools().pools,
  clock,
  onMail: (message) => {
    console.log(mailLine(message))
    smtp?.send(message).catch((error: unknown) => {
      console.warn(`[cognito] could not mail the code to ${message.email}: ${String(error)}`)
    })
  },
})
const app = createApp(emulator, { allowedOrigins, clock })
const server = serve({ fetch: app.fetch, port, hostname: host }, () => {
  console.log(`Cognito emulator listening on ${baseUrl}`)
  console.log(`Mailbox (verification codes): ${baseUrl}/_emulator/mailbox`)
})

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => server.close(() => process.exit(0)))
}
