// What the My Page journeys need from outside the browser: fresh accounts, the codes the Cognito emulator
// "mailed", QR decoding of a screenshot and the API's key set.
import { randomUUID } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import {
  compactRegistrationCodeSignedBy,
  parseCompactRegistrationCode,
  registrationCodeKeyHint,
} from '@furfes/core'
import { expect, type Locator, type Page } from '@playwright/test'
import { prepareZXingModule, readBarcodes } from 'zxing-wasm/reader'
import { e2ePorts } from './stack.ts'

const apiUrl = `http://localhost:${e2ePorts.API_PORT}`
const cognitoUrl = `http://localhost:${e2ePorts.COGNITO_PORT}`

/** An address no other test (or earlier run on the same data folder) has used. */
export function freshEmail(label: string): string {
  return `${label}-${randomUUID().slice(0, 8)}@example.com`
}

export const password = 'journey-pass-2025'

interface MailMessage {
  email: string
  code: string
  kind: string
}

/** The newest code the emulator mailed to an address, of one kind (sign_up, forgot_password, verify_email…). */
export async function mailedCode(email: string, kinds: readonly string[]): Promise<string> {
  let found: string | undefined
  await expect
    .poll(async () => {
      const response = await fetch(`${cognitoUrl}/_emulator/mailbox?email=${encodeURIComponent(email)}`, {
        headers: { Accept: 'application/json' },
      })
      const { messages } = (await response.json()) as { messages: MailMessage[] }
      found = messages.find((message) => kinds.includes(message.kind))?.code
      return found
    })
    .toBeDefined()
  return found ?? ''
}

/**
 * The API answers 404 for "none yet" (no profile, no additional info, not registered), which the
 * browser logs as a failed resource load.
 */
export const notFoundAnswers = /Failed to load resource: the server responded with a status of 404/

/** Signs up, verifies with the mailed code and signs in, through the pages; ends on the dashboard. */
export async function signUpAndSignIn(page: Page, language: 'ja' | 'en', email: string) {
  const text = labels[language]
  await page.goto(`/${language}/sign-up`)
  await page.getByLabel(text.email).fill(email)
  await page.getByLabel(text.password, { exact: false }).fill(password)
  await page.getByRole('button', { name: text.signUp }).click()
  await expect(page).toHaveURL(new RegExp(`/${language}/verify-sign-up\\?email=`))
  await page.getByLabel(text.code).fill(await mailedCode(email, ['sign_up', 'resend']))
  await page.getByRole('button', { name: text.verify }).click()
  await expect(page).toHaveURL(new RegExp(`/${language}/sign-up-verified$`))
  await page.getByRole('main').getByRole('link', { name: text.toSignIn }).click()
  await expect(page.getByLabel(text.email)).toHaveValue(email)
  await page.getByLabel(text.password).fill(password)
  await page.getByRole('button', { name: text.signIn, exact: true }).click()
  await expect(page).toHaveURL(new RegExp(`/${language}/mypage/dashboard$`))
}

/** Fills the English sign-in page the browser is on with the account and signs in; ends on the dashboard. */
export async function signInInEnglish(page: Page, account: { email: string; password: string }) {
  await page.getByLabel('Email address').fill(account.email)
  await page.getByLabel('Password').fill(account.password)
  await page.getByRole('button', { name: 'Sign in' }).click()
  await expect(page).toHaveURL(/\/en\/mypage\/dashboard$/)
}

const labels = {
  ja: {
    email: /^メールアドレス/,
    password: /^パスワード/,
    code: /^確認コード/,
    signUp: 'アカウントを作成する',
    verify: '確認する',
    toSignIn: 'サインインする',
    signIn: 'サインイン',
  },
  en: {
    email: /^Email address/,
    password: /^Password/,
    code: /^Verification code/,
    signUp: 'Create an account',
    verify: 'Verify',
    toSignIn: 'Sign in',
    signIn: 'Sign in',
  },
} as const

/** Ticks "I agree to the participation rules" on the registration form: registering requires it. */
export async function agreeToRules(scope: Page | Locator, language: 'ja' | 'en' = 'ja') {
  await scope
    .getByRole('checkbox', {
      name: language === 'ja' ? '参加規約に同意します' : 'I agree to the participation rules',
    })
    .check()
}

/** Pays on the Stripe emulator's hosted page with a test card. */
export async function payOnCheckoutPage(page: Page, card: string) {
  await expect(page).toHaveURL(new RegExp(`localhost:${e2ePorts.STRIPE_PORT}/`))
  const email = page.getByLabel(/メールアドレス|Email/)
  if ((await email.count()) > 0 && (await email.inputValue()) === '') await email.fill('payer@example.com')
  await page.getByLabel(/カード番号|Card number/).fill(card)
  await page.getByLabel(/有効期限|Expiration date/).fill('12/34')
  await page.getByLabel(/セキュリティコード|Security code/).fill('123')
  await page.getByLabel(/カード名義人|Name on card/).fill('KEMO TARO')
  await page.getByRole('button', { name: /支払う|Pay/ }).click()
}

/**
 * Decodes the QR code shown in an element from a screenshot, with the decoder the reception app scans with.
 */
export async function decodeQr(element: Locator): Promise<string> {
  // A screenshot taken while the page is still settling (a re-render with the refreshed code, a layout shift)
  // can catch a QR zxing cannot read; a scanner at the desk simply reads the next frame, and so does this.
  let text = ''
  await expect(async () => {
    text = await decodeScreenshot(element)
  }).toPass({ timeout: 15_000 })
  return text
}

let zxingReady: Promise<unknown> | undefined

/** zxing-wasm, the decoder the reception app scans with, on its own WebAssembly from node_modules. */
function zxing() {
  const wasmBinary = readFileSync(
    createRequire(import.meta.url).resolve('zxing-wasm/reader/zxing_reader.wasm'),
  )
  zxingReady ??= prepareZXingModule({ overrides: { wasmBinary }, fireImmediately: true })
  return zxingReady
}

async function decodeScreenshot(element: Locator): Promise<string> {
  await zxing()
  const [result] = await readBarcodes(new Uint8Array(await element.screenshot()), {
    formats: ['QRCode'],
    tryHarder: true,
  })
  if (!result?.isValid) throw new Error(`No QR code in the screenshot${result ? `: ${result.error}` : ''}`)
  return result.text
}

/**
 * Verifies a compact registration code (decision 120) against the API's published key set, as reception does:
 * the key named by the code's hint, the raw ES256 signature, the expiry. Answers what the code vouches for.
 */
export async function verifyRegistrationCode(token: string) {
  const code = parseCompactRegistrationCode(token)
  if (!code) throw new Error(`Not a compact registration code: ${token}`)
  const response = await fetch(`${apiUrl}/.well-known/jwks.json`)
  const { keys } = (await response.json()) as { keys: (JsonWebKey & { kid: string })[] }
  const hint = code.keyHint.join(',')
  const matches = await Promise.all(
    keys.map(async (key) => ((await registrationCodeKeyHint(key.kid)).join(',') === hint ? key : undefined)),
  )
  const jwk = matches.find((key) => key !== undefined)
  if (!jwk) throw new Error('No published key matches the code')
  if (!(await compactRegistrationCodeSignedBy(code, jwk)))
    throw new Error('The registration code signature does not verify')
  if (code.exp * 1000 <= Date.now()) throw new Error('The registration code has expired')
  return { registrationId: code.registrationId, expiresAt: code.exp * 1000 }
}

/**
 * Waits until the page shows a document freshly loaded at `pathname` (the full reload signing out ends in), not
 * the document that was there before. Until the reload commits, the old document still answers with the same
 * address and the same top page, so neither the URL nor a load state can tell them apart; its navigation
 * entry can. While the new document is arriving there is no page to ask, so this retries.
 */
export async function waitForFreshDocument(page: Page, pathname: string) {
  await expect(async () => {
    const loadedAt = await page.evaluate(() => {
      const [entry] = performance.getEntriesByType('navigation')
      return document.readyState === 'complete' && entry ? new URL(entry.name).pathname : ''
    })
    expect(loadedAt).toBe(pathname)
  }).toPass({ timeout: 20_000 })
}
