import type { Browser, BrowserContext, BrowserContextOptions, Page } from '@playwright/test'
import { expect, test } from '../support/fixtures.ts'
import { appStarted, languages, pageUrl, publicRoutes } from '../support/public-site.ts'
import {
  type CameraBrowser,
  createPaidParticipant,
  launchCameraBrowser,
  type PaidParticipant,
  receptionUrl,
  signInAdmin,
} from '../support/reception.ts'
import { pwaUrl } from '../support/stack.ts'

// Both apps run under the Content-Security-Policy and the other security headers of
// packages/ui/src/security-headers.ts (docs/decisions/093), which the preview servers send as CloudFront does.
// A violation is looked for in the pages and in each app's service worker:
// - in a page, through its `securitypolicyviolation` events, listened to before any script of the page runs, and
//   through Chromium's console messages about the policy;
// - in the service worker, through everything it logged since its first line, which DevTools' Log domain replays
//   when it is enabled (Chromium logs each violation there; a worker can only listen to the event from its own
//   first evaluation, which a test cannot reach).

test.use({ actionTimeout: 15_000, navigationTimeout: 30_000 })

/** A string Chromium writes to the console for every refused load or script. */
const cspConsoleMessage =
  /Content Security Policy|Refused to (load|execute|connect|apply|frame|compile|create)/i

interface CspWatch {
  /** Every violation the pages reported, described. */
  violations: string[]
  /** Each document the browser received from an app (its URL) with its Content-Security-Policy header. */
  documents: { url: string; policy: string | undefined; fromServiceWorker: boolean }[]
}

/** Starts watching a context's pages for CSP violations; call it before the context opens a page. */
async function watchCsp(context: BrowserContext): Promise<CspWatch> {
  const watch: CspWatch = { violations: [], documents: [] }
  await context.exposeBinding('reportCspViolation', ({ page }, violation: string) => {
    watch.violations.push(`page ${page?.url()}: ${violation}`)
  })
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { reportCspViolation(text: string): void }).reportCspViolation
      report(
        `${event.effectiveDirective} refused ${event.blockedURI} (${event.sourceFile}:${event.lineNumber})`,
      )
    })
  })
  context.on('console', (message) => {
    if (cspConsoleMessage.test(message.text())) watch.violations.push(`console: ${message.text()}`)
  })
  context.on('response', (response) => {
    if (response.request().resourceType() !== 'document') return
    const url = response.url()
    if (!url.startsWith(pwaUrl) && !url.startsWith(receptionUrl)) return
    watch.documents.push({
      url,
      policy: response.headers()['content-security-policy'],
      fromServiceWorker: response.fromServiceWorker(),
    })
  })
  return watch
}

/** Waits until the app's service worker is active and controls the page. */
async function serviceWorkerControls(page: Page) {
  const state = () =>
    page.evaluate(async () => {
      if (navigator.serviceWorker.controller) return 'controlled'
      const registration = await navigator.serviceWorker.getRegistration()
      return registration?.active?.state ?? 'not active'
    })
  await expect.poll(state, { timeout: 30_000 }).toMatch(/^(controlled|activated)$/)
  // The reception's worker takes the pages it did not load only from their next load on.
  if ((await state()) !== 'controlled') await page.reload()
  await expect.poll(state, { timeout: 30_000 }).toBe('controlled')
}

interface LogEntry {
  source: string
  level: string
  text: string
}

/**
 * Everything the service worker of `origin` in the page's browser context has logged since it started.
 * `Log.enable` replays the entries logged before it; its answer comes after them.
 */
async function serviceWorkerLog(page: Page, origin: string): Promise<LogEntry[]> {
  // Workers of other contexts of the same browser (earlier tests, still shutting down) are not this page's.
  const pageSession = await page.context().newCDPSession(page)
  const { targetInfo } = await pageSession.send('Target.getTargetInfo')
  await pageSession.detach()
  const browser = page.context().browser()
  if (!browser) throw new Error('The page has no browser')
  const cdp = await browser.newBrowserCDPSession()
  try {
    const { targetInfos } = await cdp.send('Target.getTargets')
    const workers = targetInfos.filter(
      (target) =>
        target.type === 'service_worker' &&
        target.url === `${origin}/sw.js` &&
        target.browserContextId === targetInfo.browserContextId,
    )
    expect(workers, `the service worker of ${origin}`).toHaveLength(1)
    const entries: LogEntry[] = []
    const answered = new Set<string>()
    cdp.on('Target.receivedMessageFromTarget', ({ sessionId, message }) => {
      const received = JSON.parse(message) as { id?: number; method?: string; params?: { entry: LogEntry } }
      if (received.method === 'Log.entryAdded' && received.params) entries.push(received.params.entry)
      if (received.id === 1) answered.add(sessionId)
    })
    for (const worker of workers) {
      const { sessionId } = await cdp.send('Target.attachToTarget', {
        targetId: worker.targetId,
        flatten: false,
      })
      await cdp.send('Target.sendMessageToTarget', {
        sessionId,
        message: JSON.stringify({ id: 1, method: 'Log.enable' }),
      })
      await expect.poll(() => answered.has(sessionId)).toBe(true)
    }
    return entries
  } finally {
    await cdp.detach()
  }
}

const cspEntries = (entries: LogEntry[]) =>
  entries.filter((entry) => entry.source === 'security' || cspConsoleMessage.test(entry.text))

/** Every document of the watch came with the app's policy, and nothing was refused anywhere. */
async function expectCleanRun(watch: CspWatch, page: Page, app: 'pwa' | 'reception') {
  expect(watch.documents.length).toBeGreaterThan(0)
  for (const received of watch.documents) {
    expect(received.policy, `${received.url} has a Content-Security-Policy`).toMatch(/frame-ancestors 'none'/)
    expect(received.policy).toMatch(/script-src 'self'/)
    if (app === 'reception') expect(received.policy).toContain("'wasm-unsafe-eval'")
    else expect(received.policy).not.toContain("'wasm-unsafe-eval'")
  }
  // Pages came through the service worker too, and kept their headers there.
  expect(watch.documents.some((received) => received.fromServiceWorker)).toBe(true)
  const log = await serviceWorkerLog(page, app === 'pwa' ? pwaUrl : receptionUrl)
  expect(cspEntries(log), 'the service worker’s log').toEqual([])
  expect(watch.violations).toEqual([])
}

/** Loads a route and waits until the app runs on it and its requests have settled. */
async function visit(page: Page, url: string) {
  await page.goto(url)
  if (url.startsWith(pwaUrl)) await appStarted(page)
  else await page.locator('#root > *').first().waitFor()
  await page.waitForLoadState('networkidle')
}

/**
 * Runs `steps` in a new context of `browser` (in Japan time, as the event) whose pages are watched for CSP
 * violations from the first: `open` (a URL to visit, or a function) brings the page to the app, whose service
 * worker then controls it. The context is closed whatever happens.
 */
async function underCspWatch(
  browser: Browser,
  options: BrowserContextOptions,
  open: string | ((page: Page) => Promise<void>),
  steps: (page: Page, watch: CspWatch) => Promise<void>,
) {
  const context = await browser.newContext({ timezoneId: 'Asia/Tokyo', ...options })
  try {
    const watch = await watchCsp(context)
    const page = await context.newPage()
    await (typeof open === 'string' ? visit(page, open) : open(page))
    await serviceWorkerControls(page)
    await steps(page, watch)
  } finally {
    await context.close()
  }
}

test('the PWA sends its security headers with every page, the service worker and config.json', async ({
  request,
}) => {
  for (const path of [
    '/ja',
    '/en/faq',
    '/ja/sign-in',
    '/sw.js',
    '/config.json',
    '/manifest.ja.webmanifest',
  ]) {
    const response = await request.get(`${pwaUrl}${path}`)
    expect(response.status(), path).toBe(200)
    const headers = response.headers()
    expect(headers['content-security-policy'], path).toMatch(/^default-src 'self'; script-src 'self'/)
    expect(headers['x-content-type-options'], path).toBe('nosniff')
    expect(headers['x-frame-options'], path).toBe('DENY')
    expect(headers['referrer-policy'], path).toBe('strict-origin-when-cross-origin')
    expect(headers['permissions-policy'], path).toMatch(/^camera=\(\),/)
    // Local development is plain HTTP: Strict-Transport-Security is production's only.
    expect(headers['strict-transport-security'], path).toBeUndefined()
  }
  const config = (await (await request.get(`${pwaUrl}/config.json`)).json()) as {
    apiUrl: string
    cognito: { endpoint: string }
  }
  const policy = (await request.get(`${pwaUrl}/ja`)).headers()['content-security-policy']
  // connect-src is the runtime config's API and Cognito, nothing else (no error reporting configured here).
  expect(policy).toContain(`connect-src 'self' ${config.apiUrl} ${config.cognito.endpoint};`)
  // The prerendered pages' one inline script, the colour-scheme boot, is allowed by its hash alone.
  expect(policy).toMatch(/script-src 'self' 'sha256-[A-Za-z0-9+/]+=*';/)
  expect(policy).not.toMatch(/script-src[^;]*'unsafe-inline'/)
})

test('the reception sends its security headers, with the camera and WebAssembly for its scanner', async ({
  request,
}) => {
  for (const path of ['/', '/en/admin', '/sw.js', '/config.json']) {
    const response = await request.get(`${receptionUrl}${path}`)
    expect(response.status(), path).toBe(200)
    const headers = response.headers()
    // The reception's page has no inline script at all.
    expect(headers['content-security-policy'], path).toMatch(/script-src 'self' 'wasm-unsafe-eval';/)
    expect(headers['content-security-policy'], path).toContain("frame-ancestors 'none'")
    expect(headers['x-content-type-options'], path).toBe('nosniff')
    expect(headers['x-frame-options'], path).toBe('DENY')
    expect(headers['permissions-policy'], path).toMatch(/^camera=\(self\),/)
  }
})

test('every public page of the PWA in both languages runs with no CSP violation, under its service worker', async ({
  browser,
}) => {
  test.setTimeout(240_000)
  await underCspWatch(browser, { locale: 'ja-JP' }, `${pwaUrl}/ja`, async (page, watch) => {
    // Each language in a page of its own at the same time, both under the worker: the waits for a quiet network
    // overlap.
    const second = await page.context().newPage()
    await Promise.all(
      languages.map(async (language, index) => {
        const tab = index === 0 ? page : second
        for (const route of publicRoutes) await visit(tab, `${pwaUrl}${pageUrl(language, route.path)}`)
        // The account pages are rendered in the browser from index.html, with its own copy of the inline script.
        for (const path of ['sign-in', 'sign-up', 'send-password-reset-code']) {
          await visit(tab, `${pwaUrl}/${language}/${path}`)
        }
      }),
    )
    await expectCleanRun(watch, page, 'pwa')
  })
})

test.describe('signed in', () => {
  let participant: PaidParticipant
  let camera: CameraBrowser

  test.beforeAll(async ({ browser }) => {
    test.setTimeout(120_000)
    participant = await createPaidParticipant(browser, `Csp ${Math.random().toString(36).slice(2, 8)}`)
    camera = await launchCameraBrowser(participant.code)
  })

  test.afterAll(async () => {
    await camera?.close()
  })

  test('My Page and the registration code run with no CSP violation, under the service worker', async ({
    browser,
  }) => {
    test.setTimeout(120_000)
    await underCspWatch(browser, { locale: 'en-US' }, `${pwaUrl}/en/sign-in`, async (page, watch) => {
      // Signing in talks to Cognito (the emulator here), then My Page to the API: both in connect-src.
      await page.getByLabel(/^Email address/).fill(participant.email)
      await page.getByLabel(/^Password/).fill(participant.password)
      await page.getByRole('button', { name: 'Sign in', exact: true }).click()
      await expect(page).toHaveURL(/\/en\/mypage\/dashboard$/)
      for (const language of languages) {
        for (const screen of [
          'dashboard',
          'account',
          'profile',
          'registration',
          'registration-additional-info',
        ]) {
          await visit(page, `${pwaUrl}/${language}/mypage/${screen}`)
        }
      }
      await visit(page, `${pwaUrl}/en/registration-code`)
      await expect(page.getByRole('img', { name: 'QR code of your registration code' })).toBeVisible()
      await expectCleanRun(watch, page, 'pwa')
    })
  })

  test('every reception screen, the camera scanner included, runs with no CSP violation', async () => {
    test.setTimeout(120_000)
    await underCspWatch(
      camera.browser,
      {
        locale: 'en-US',
        viewport: { width: 1280, height: 800 },
        permissions: ['camera'],
      },
      signInAdmin,
      async (page, watch) => {
        // The scanner decodes the fake camera's code with zxing-wasm: WebAssembly compiled under the policy.
        await page.getByRole('tab', { name: 'Scan' }).click()
        await expect(page.locator('[data-verdict]:visible')).toHaveAttribute('data-verdict', 'valid', {
          timeout: 20_000,
        })
        for (const language of languages) {
          for (const screen of ['admin', 'admin/settings', 'admin/scan']) {
            await visit(page, `${receptionUrl}/${language}/${screen}`)
          }
        }
        await visit(page, `${receptionUrl}/ja/admin-sign-in`)
        await expectCleanRun(watch, page, 'reception')
      },
    )
  })
})

test('the watch hears a refused request in the page and in the service worker', async ({ browser }) => {
  await underCspWatch(browser, {}, `${receptionUrl}/en/admin-sign-in`, async (page, watch) => {
    const worker = page
      .context()
      .serviceWorkers()
      .find((candidate) => candidate.url() === `${receptionUrl}/sw.js`)
    if (!worker) throw new Error('The reception has no service worker')
    expect(cspEntries(await serviceWorkerLog(page, receptionUrl))).toEqual([])
    // A host that is not in connect-src: the browser refuses to connect, in the page as in the worker.
    const refused = 'https://not-allowed.furfes.example/'
    await page.evaluate((url) => fetch(url).catch(() => undefined), refused)
    await worker.evaluate((url) => fetch(url).catch(() => undefined), refused)
    await expect
      .poll(() => watch.violations.filter((violation) => violation.startsWith('page ')))
      .toEqual([expect.stringMatching(/connect-src refused https:\/\/not-allowed\.furfes\.example/)])
    await expect
      .poll(async () => cspEntries(await serviceWorkerLog(page, receptionUrl)).map((entry) => entry.text))
      .toContainEqual(
        expect.stringMatching(/^Connecting to 'https:\/\/not-allowed\.furfes\.example\/' violates/),
      )
  })
})
