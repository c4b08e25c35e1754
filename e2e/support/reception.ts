import { randomUUID } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseCompactRegistrationCode } from '@furfes/core'
import { type Browser, type BrowserContext, chromium, expect, type Page } from '@playwright/test'
import { decodeJwt } from 'jose'
import { callApi, createMember, demoAdmin } from './accounts.ts'
import { chromiumArgs, chromiumPath, e2ePorts, pwaUrl } from './stack.ts'
import { writeQrClip } from './y4m.ts'

/*
 * The reception tests' own data, made through the running stack as a participant would make it: a member
 * signs up and confirms through the Cognito emulator, registers through the API, pays on the Stripe
 * emulator's hosted page, and fetches the registration code the API signs.
 */

export const receptionUrl = `http://localhost:${e2ePorts.RECEPTION_PORT}`

export interface PaidParticipant {
  email: string
  /** For signing in through the PWA (the offline QR test). */
  password: string
  userId: string
  /** The member's access token, for their own API calls (an add-on, a guardian's answer). */
  accessToken: string
  registrationId: string
  badgeName: string
  /** The registration code (a JWS), as My Page shows it in the QR code. */
  code: string
}

/**
 * Pays a Checkout session on the Stripe emulator's hosted page with the test card 4242 4242 4242 4242. The
 * return to the PWA is answered here: the payment is what counts, and the PWA's page is not under test.
 */
export async function payOnHostedPage(browser: Browser, paymentUrl: string) {
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

/** A member with a paid registration and its registration code (a member's, unless `tier` says otherwise). */
export async function createPaidParticipant(
  browser: Browser,
  badgeName: string,
  tier: { registration_tier: string; t_shirt_size?: string; changing_room_type?: string } = {
    registration_tier: 'member',
  },
  /** Before registering: a minor names their guardian here and registers with `minor` (decision 184). */
  asMinor?: (member: { email: string; accessToken: string }) => Promise<void>,
): Promise<PaidParticipant> {
  const member = await createMember('reception')
  if (asMinor) await asMinor(member)
  const code = await payRegistration(browser, member, badgeName, {
    ...tier,
    ...(asMinor ? { minor: true } : {}),
  })
  return {
    email: member.email,
    password: member.password,
    userId: String(decodeJwt(member.accessToken).sub),
    accessToken: member.accessToken,
    registrationId: code.registrationId,
    badgeName,
    code: code.token,
  }
}

/** Registers a member through the API, pays on the hosted page and answers the registration code (a JWS). */
export async function payRegistration(
  browser: Browser,
  member: { accessToken: string },
  badgeName: string,
  tier: { registration_tier: string; t_shirt_size?: string; changing_room_type?: string; minor?: boolean } = {
    registration_tier: 'member',
  },
): Promise<{ token: string; registrationId: string }> {
  const created = await callApi<{ payment_url?: string }>('POST', '/registration', member.accessToken, {
    ...tier,
    badge_name: badgeName,
    agreed_to_rules: true,
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
        (await callApi<{ payment_status?: string }>('GET', '/registration', member.accessToken)).body
          .payment_status,
      { timeout: 20_000 },
    )
    .toBe('paid')
  const issued = await callApi<{ token: string }>('GET', '/registration/jwt', member.accessToken)
  expect(issued.status).toBe(200)
  // The code names only the registration (decision 120); the user id is the access token's subject.
  const code = parseCompactRegistrationCode(issued.body.token)
  if (!code) throw new Error(`GET /registration/jwt gave no compact code: ${issued.body.token}`)
  return { token: issued.body.token, registrationId: code.registrationId }
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
  options: { camera?: boolean; viewport?: { width: number; height: number } } = {},
): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await browser.newContext({
    locale: 'en-US',
    timezoneId: 'Asia/Tokyo',
    viewport: options.viewport ?? { width: 1280, height: 800 },
    permissions: options.camera ? ['camera'] : [],
  })
  const device = JSON.stringify({ id: randomUUID(), name })
  await context.addInitScript((value) => {
    if (!localStorage.getItem('furfesReceptionDevice')) localStorage.setItem('furfesReceptionDevice', value)
  }, device)
  const page = await context.newPage()
  return { context, page, errors: watchErrors(page) }
}

type Device = Awaited<ReturnType<typeof openDevice>>

/**
 * Opens a device for each name, runs `steps` with them and closes them whatever happens. Once the steps have
 * passed, no device may have logged a browser error but those matching its entry in `toleratedErrors`.
 */
export async function withDevices<const Names extends readonly string[]>(
  browser: Browser,
  names: Names,
  steps: (devices: { -readonly [K in keyof Names]: Device }) => Promise<void>,
  options: {
    camera?: boolean
    viewport?: { width: number; height: number }
    toleratedErrors?: Partial<Record<Names[number], RegExp>>
  } = {},
): Promise<void> {
  const devices: Device[] = []
  try {
    for (const name of names)
      devices.push(await openDevice(browser, name, { camera: options.camera, viewport: options.viewport }))
    try {
      await steps(devices as { -readonly [K in keyof Names]: Device })
    } catch (error) {
      // What the browsers logged is often why a step failed; the report shows it next to the failure.
      const logged = devices.flatMap((device, index) =>
        device.errors.map((text) => `${names[index]}: ${text}`),
      )
      if (logged.length > 0 && error instanceof Error)
        error.message += `\n\nBrowser errors:\n${logged.join('\n')}`
      throw error
    }
    for (const [index, device] of devices.entries()) {
      const name: Names[number] | undefined = names[index]
      const tolerated = name === undefined ? undefined : options.toleratedErrors?.[name]
      expect(
        device.errors.filter((error) => !tolerated?.test(error)),
        `errors logged on ${name}`,
      ).toEqual([])
    }
  } finally {
    for (const device of devices) await device.context.close()
  }
}

/** Everything the reception app keeps in IndexedDB, read in the page as the browser stores it. */
export async function readDatabase(page: Page) {
  return page.evaluate(async () => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open('furfes-reception')
      request.onsuccess = () => resolve(request.result)
      request.onerror = () => reject(request.error)
    })
    try {
      const all = (store: string) =>
        new Promise<unknown[]>((resolve, reject) => {
          const request = db.transaction(store, 'readonly').objectStore(store).getAll()
          request.onsuccess = () => resolve(request.result)
          request.onerror = () => reject(request.error)
        })
      const [participants, checkIns, meta] = await Promise.all([
        all('participants'),
        all('checkIns'),
        all('meta'),
      ])
      return {
        participants,
        checkIns: checkIns as { registrationId: string; status?: string; deviceName?: string }[],
        meta: (meta as { key: string }[]).map((row) => row.key).sort(),
        text: JSON.stringify([participants, checkIns, meta]),
      }
    } finally {
      db.close()
    }
  })
}

/** The verdict on screen (the scanner also renders a hidden sample when it opens). */
export const verdictOf = (page: Page) => page.locator('[data-verdict]:visible')

/**
 * Types a registration code into the scan screen and submits it. The field empties once the form is
 * submitted, so a failure here tells a submit that never happened from a verdict that never came.
 */
export async function enterCode(page: Page, code: string) {
  const field = page.getByLabel('Registration code')
  await field.fill(code)
  await expect(field).toHaveValue(code)
  await page.getByRole('button', { name: 'Verify' }).click()
  await expect(field, 'the code is submitted').toHaveValue('')
  return verdictOf(page)
}

/**
 * Signs a staff account (the demo admin, a committee member, unless told) in through the reception app's sign-in
 * screen and waits for the participant list.
 */
export async function signInAdmin(page: Page, admin: { email: string; password: string } = demoAdmin()) {
  await page.goto(`${receptionUrl}/en/admin-sign-in`)
  await page.getByLabel('Email').fill(admin.email)
  await page.getByLabel(/^Password/).fill(admin.password)
  await page.getByRole('button', { name: 'Sign in' }).click()
  await expect(page.getByRole('heading', { name: 'Participants' })).toBeVisible()
}

/** A Chromium whose fake camera films `code`'s QR, as a phone held up to a tablet at the door. */
export interface CameraBrowser {
  browser: Browser
  /** Closes the browser and removes the clip it filmed. */
  close(): Promise<void>
}

/** Films `code` as writeQrClip does; `clip` sets how many frames show nothing, then the code, in a loop. */
export async function launchCameraBrowser(
  code: string,
  clip: Parameters<typeof writeQrClip>[2] = {},
): Promise<CameraBrowser> {
  const folder = mkdtempSync(join(tmpdir(), 'furfes-camera-e2e-'))
  const clipPath = join(folder, 'code.y4m')
  writeQrClip(clipPath, code, clip)
  const browser = await chromium.launch({
    executablePath: chromiumPath,
    args: [
      ...chromiumArgs,
      '--use-fake-device-for-media-stream',
      `--use-file-for-fake-video-capture=${clipPath}`,
    ],
  })
  return {
    browser,
    async close() {
      await browser.close()
      rmSync(folder, { recursive: true, force: true })
    },
  }
}
