import { calendarDateInTokyo } from '@furfes/core'
// The ports the e2e stack runs on: next to, never on, the ones `npm start` uses, so a developer's running
// stack and the tests can coexist.
export const e2ePorts = {
  API_PORT: process.env.E2E_API_PORT ?? '18787',
  PWA_PORT: process.env.E2E_PWA_PORT ?? '15173',
  RECEPTION_PORT: process.env.E2E_RECEPTION_PORT ?? '15174',
  COGNITO_PORT: process.env.E2E_COGNITO_PORT ?? '19229',
  STRIPE_PORT: process.env.E2E_STRIPE_PORT ?? '22111',
  SMTP_PORT: process.env.E2E_SMTP_PORT ?? '11025',
  INBOX_PORT: process.env.E2E_INBOX_PORT ?? '11080',
  PUSH_PORT: process.env.E2E_PUSH_PORT ?? '18790',
}

/** The mail catcher's web inbox and HTTP API (maildev: /api/email), where every mail of the e2e stack lands. */
export const mailInboxUrl = `http://127.0.0.1:${e2ePorts.INBOX_PORT}`

export const pwaUrl = `http://localhost:${e2ePorts.PWA_PORT}`
/** The contact form the PWA's contact-us page leads to; the tests answer it themselves, offline. */
export const contactUrl = 'https://forms.furfes.example/contact'
/** The venue the e2e stack's API tells paid participants (VENUE, decision 123). */
export const e2eVenue = {
  name: { ja: '東京ふぁーりーホール', en: 'Tokyo Furry Hall' },
  address: { ja: '東京都千代田区丸の内1-1', en: '1-1 Marunouchi, Chiyoda, Tokyo' },
  access: { ja: '東京駅丸の内北口から徒歩5分', en: '5 minutes on foot from Tokyo Station' },
  map_url: 'https://maps.furfes.example/tokyo-furry-hall',
  entry_time: '09:30',
}
const day = 24 * 60 * 60 * 1000
/**
 * The e2e stack's refund policy (REFUND_POLICY, decision 110): the published policy's dates passed long ago, so
 * the stack moves them to put today 30 days before the early cut-off, where a cancellation gets 90 %.
 */
export const e2eRefundPolicy = {
  earlyUntil: calendarDateInTokyo(Date.now() + 30 * day),
  lateUntil: calendarDateInTokyo(Date.now() + 60 * day),
}
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
export const chromiumArgs = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
]
