import { randomUUID } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { type Browser, type BrowserContext, expect, type Page } from '@playwright/test'
import { decodeJwt } from 'jose'
import { e2ePorts, pwaUrl } from './stack.ts'

/*
 * The reception tests' own data, made through the running stack as a participant would make it: a member
 * signs up and confirms through the Cognito emulator, registers through the API, pays on the Stripe
 * emulator's hosted page, and fetches the registration code the API signs.
 */

export const apiUrl = `http://localhost:${e2ePorts.API_PORT}`
export const receptionUrl = `http://localhost:${e2ePorts.RECEPTION_PORT}`
const cognitoUrl = `http://localhost:${e2ePorts.COGNITO_PORT}`

interface Pool {
  name: string
  clientId: string
  seedUsers?: { email: string; password: string }[]
}

const pools: Pool[] = JSON.parse(
  readFileSync(join(import.meta.dirname, '../../apps/cognito-emulator/pools.json'), 'utf8'),
).pools

function pool(name: 'members' | 'admins'): Pool {
  const found = pools.find((entry) => entry.name === name)
  if (!found) throw new Error(`No ${name} pool in the emulator's pools.json`)
  return found
}

/** The demo admin the emulator seeds (apps/cognito-emulator/pools.json). */
export function demoAdmin(): { email: string; password: string } {
  const [admin] = pool('admins').seedUsers ?? []
  if (!admin) throw new Error('The admins pool seeds no demo admin')
  return admin
}

async function cognito<T>(action: string, body: unknown): Promise<T> {
  const response = await fetch(`${cognitoUrl}/`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/x-amz-json-1.1',
      'X-Amz-Target': `AWSCognitoIdentityProviderService.${action}`,
    },
    body: JSON.stringify(body),
  })
  const text = await response.text()
  if (!response.ok) throw new Error(`Cognito ${action} answered ${response.status}: ${text}`)
  return JSON.parse(text) as T
}

/** Signs in with USER_PASSWORD_AUTH and returns the access token. */
export async function accessToken(poolName: 'members' | 'admins', email: string, password: string) {
  const answer = await cognito<{ AuthenticationResult?: { AccessToken: string } }>('InitiateAuth', {
    AuthFlow: 'USER_PASSWORD_AUTH',
    ClientId: pool(poolName).clientId,
    AuthParameters: { USERNAME: email, PASSWORD: password },
  })
  const token = answer.AuthenticationResult?.AccessToken
  if (!token) throw new Error(`No access token for ${email} (a challenge?)`)
  return token
}

async function api<T>(
  method: string,
  path: string,
  token: string,
  body?: unknown,
): Promise<{ status: number; body: T }> {
  const response = await fetch(`${apiUrl}${path}`, {
    method,
    headers: {
      Authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  })
  const text = await response.text()
  return { status: response.status, body: (text === '' ? undefined : JSON.parse(text)) as T }
}

export interface PaidParticipant {
  email: string
  /** For signing in through the PWA (the offline QR test). */
  password: string
  userId: string
  registrationId: string
  badgeName: string
  /** The registration code (a JWS), as My Page shows it in the QR code. */
  code: string
}

/** A confirmed member of the members pool, signed in. */
async function newMember(): Promise<{ email: string; password: string; token: string }> {
  const email = `reception-${randomUUID()}@example.com`
  const password = `pass-${randomUUID()}`
  const { clientId } = pool('members')
  await cognito('SignUp', { ClientId: clientId, Username: email, Password: password })
  const mail = (await (
    await fetch(`${cognitoUrl}/_emulator/mailbox?email=${encodeURIComponent(email)}`)
  ).json()) as { messages: { kind: string; code: string }[] }
  const signUpCode = mail.messages.find((message) => message.kind === 'sign_up')?.code
  if (!signUpCode) throw new Error(`No sign-up code in the mailbox for ${email}`)
  await cognito('ConfirmSignUp', { ClientId: clientId, Username: email, ConfirmationCode: signUpCode })
  return { email, password, token: await accessToken('members', email, password) }
}

/**
 * Pays a Checkout session on the Stripe emulator's hosted page with the test card 4242 4242 4242 4242. The
 * return to the PWA is answered here: the payment is what counts, and the PWA's page is not under test.
 */
async function payOnHostedPage(browser: Browser, paymentUrl: string) {
  const context = await browser.newContext({ locale: 'en-US' })
  try {
    await context.route(`${pwaUrl}/**`, (route) => route.fulfill({ status: 200, body: 'returned' }))
    const page = await context.newPage()
    await page.goto(`${paymentUrl}${paymentUrl.includes('?') ? '&' : '?'}lang=en`)
    await page.getByLabel('Card number').fill('4242 4242 4242 4242')
    await page.getByLabel('Expiration date (MM/YY)').fill('12/34')
    await page.getByLabel('Security code (CVC)').fill('123')
    await page.getByLabel('Name on card').fill('Reception Test')
    await page.getByRole('button', { name: /^Pay / }).click()
    await page.waitForURL(`${pwaUrl}/**`)
  } finally {
    await context.close()
  }
}

/** A member with a paid registration and its registration code. */
export async function createPaidParticipant(browser: Browser, badgeName: string): Promise<PaidParticipant> {
  const member = await newMember()
  const created = await api<{ payment_url?: string }>('POST', '/registration', member.token, {
    registration_tier: 'member',
    badge_name: badgeName,
    success_url: `${pwaUrl}/en/mypage/dashboard`,
    cancel_url: `${pwaUrl}/en/mypage/registration`,
  })
  expect(created.status, JSON.stringify(created.body)).toBe(201)
  const paymentUrl = created.body.payment_url
  if (!paymentUrl) throw new Error('POST /registration gave no payment URL')
  await payOnHostedPage(browser, paymentUrl)
  // The emulator's webhook marks the registration paid; it arrives on its own time.
  await expect
    .poll(
      async () =>
        (await api<{ payment_status?: string }>('GET', '/registration', member.token)).body.payment_status,
      { timeout: 20_000 },
    )
    .toBe('paid')
  const issued = await api<{ token: string }>('GET', '/registration/jwt', member.token)
  expect(issued.status).toBe(200)
  const claims = decodeJwt(issued.body.token)
  return {
    email: member.email,
    password: member.password,
    userId: String(claims.sub),
    registrationId: String(claims.registration_id),
    badgeName,
    code: issued.body.token,
  }
}

/** Every browser error of a page, to assert none happened (as the `page` fixture does for its page). */
export function watchErrors(page: Page): string[] {
  const errors: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text())
  })
  page.on('pageerror', (error) => errors.push(error.message))
  return errors
}

/** A reception device: a browser context with its own storage and a name staff gave it. */
export async function openDevice(
  browser: Browser,
  name: string,
  options: { camera?: boolean } = {},
): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await browser.newContext({
    locale: 'en-US',
    timezoneId: 'Asia/Tokyo',
    viewport: { width: 1280, height: 800 },
    permissions: options.camera ? ['camera'] : [],
  })
  const device = JSON.stringify({ id: randomUUID(), name })
  await context.addInitScript((value) => {
    if (!localStorage.getItem('furfesReceptionDevice')) localStorage.setItem('furfesReceptionDevice', value)
  }, device)
  const page = await context.newPage()
  return { context, page, errors: watchErrors(page) }
}

/** Signs the demo admin in through the reception app's sign-in screen and waits for the participant list. */
export async function signInAdmin(page: Page) {
  const admin = demoAdmin()
  await page.goto(`${receptionUrl}/en/admin-sign-in`)
  await page.getByLabel('E-mail').fill(admin.email)
  await page.getByLabel(/^Password/).fill(admin.password)
  await page.getByRole('button', { name: 'Sign in' }).click()
  await expect(page.getByRole('heading', { name: 'Participants' })).toBeVisible()
}
