// What the My Page journeys need from outside the browser: fresh accounts, the codes the Cognito emulator
// "mailed", QR decoding of a screenshot and the API's key set (issue 8).
import { randomUUID } from 'node:crypto'
import { expect, type Locator, type Page } from '@playwright/test'
import {
  BarcodeFormat,
  BinaryBitmap,
  DecodeHintType,
  HybridBinarizer,
  MultiFormatReader,
  RGBLuminanceSource,
} from '@zxing/library'
import { createRemoteJWKSet, jwtVerify } from 'jose'
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
 * The API answers 404 for "none yet" (no profile, no additional info, not registered: spec section 7), which the
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
    email: /^E-mail address/,
    password: /^Password/,
    code: /^Verification code/,
    signUp: 'Create an account',
    verify: 'Verify',
    toSignIn: 'Sign in',
    signIn: 'Sign in',
  },
} as const

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
 * Decodes the QR code shown in an element from a screenshot, as a scanner at the desk would: the browser turns
 * the PNG into pixels, zxing reads them.
 */
export async function decodeQr(page: Page, element: Locator): Promise<string> {
  const png = (await element.screenshot()).toString('base64')
  const pixels = await page.evaluate(async (data) => {
    const image = new Image()
    image.src = `data:image/png;base64,${data}`
    await image.decode()
    const canvas = document.createElement('canvas')
    canvas.width = image.width
    canvas.height = image.height
    const context = canvas.getContext('2d')
    if (!context) throw new Error('No 2D canvas')
    context.drawImage(image, 0, 0)
    const { data: rgba, width, height } = context.getImageData(0, 0, image.width, image.height)
    return { rgba: Array.from(rgba), width, height }
  }, png)
  const luminances = new Uint8ClampedArray(pixels.width * pixels.height)
  for (let i = 0; i < luminances.length; i++) {
    const r = pixels.rgba[i * 4] ?? 0
    const g = pixels.rgba[i * 4 + 1] ?? 0
    const b = pixels.rgba[i * 4 + 2] ?? 0
    luminances[i] = (r * 299 + g * 587 + b * 114) / 1000
  }
  const reader = new MultiFormatReader()
  reader.setHints(new Map([[DecodeHintType.POSSIBLE_FORMATS, [BarcodeFormat.QR_CODE]]]))
  const bitmap = new BinaryBitmap(
    new HybridBinarizer(new RGBLuminanceSource(luminances, pixels.width, pixels.height)),
  )
  return reader.decode(bitmap).getText()
}

/** Verifies a registration code against the API's published key set, as reception does. */
export async function verifyRegistrationCode(token: string) {
  const keys = createRemoteJWKSet(new URL(`${apiUrl}/.well-known/jwks.json`))
  const { payload, protectedHeader } = await jwtVerify(token, keys, {
    algorithms: ['ES256'],
    typ: 'furfes-registration-code+jwt',
  })
  return { payload, protectedHeader }
}
