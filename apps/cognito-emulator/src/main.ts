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

// The one access key admin operations (AdminCreateUser) accept; `npm start` sets a development key.
const accessKeyId = process.env.COGNITO_ADMIN_ACCESS_KEY_ID
const secretAccessKey = process.env.COGNITO_ADMIN_SECRET_ACCESS_KEY
const keys = accessKeyId && secretAccessKey ? [{ accessKeyId, secretAccessKey }] : []

// Cognito's hourly limit on code mails a user asks for again; raise it for a load test that resends codes.
const codeMailsPerHour = process.env.COGNITO_CODE_MAILS_PER_HOUR
  ? Number(process.env.COGNITO_CODE_MAILS_PER_HOUR)
  : undefined
if (codeMailsPerHour !== undefined && !(Number.isSafeInteger(codeMailsPerHour) && codeMailsPerHour > 0)) {
  throw new Error(`COGNITO_CODE_MAILS_PER_HOUR must be a whole number above 0, not ${codeMailsPerHour}`)
}

const clock = createAdjustableClock()
// With MAIL_SMTP_URL (set by `npm start`) every code is also mailed there; a mail server that is down costs only
// a warning, since the code stays readable on the mailbox page.
const smtp = process.env.MAIL_SMTP_URL
  ? createSmtpSender({
      url: process.env.MAIL_SMTP_URL,
      from: process.env.COGNITO_MAIL_FROM ?? '"Cognito emulator" <no-reply@cognito-emulator.invalid>',
    })
  : undefined
const { region, pools } = loadPools()
const emulator = await Emulator.open({
  baseUrl,
  dataDir,
  pools,
  clock,
  ...(codeMailsPerHour === undefined ? {} : { codeMailsPerHour }),
  onMail: (message) => {
    console.log(mailLine(message))
    smtp?.send(message).catch((error: unknown) => {
      console.warn(`[cognito] could not mail the code to ${message.email}: ${String(error)}`)
    })
  },
})
const app = createApp(emulator, { allowedOrigins, clock, adminCredentials: { region, keys } })
const server = serve({ fetch: app.fetch, port, hostname: host }, () => {
  console.log(`Cognito emulator listening on ${baseUrl}`)
  console.log(`Mailbox (verification codes): ${baseUrl}/_emulator/mailbox`)
  if (keys.length === 0) {
    console.log(
      'Admin operations are refused: set COGNITO_ADMIN_ACCESS_KEY_ID and COGNITO_ADMIN_SECRET_ACCESS_KEY to allow them.',
    )
  }
})

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => server.close(() => process.exit(0)))
}
