// Taking the site offline in a journey: the installed app opened on the event day with no network.
import type { Browser, BrowserContext, CDPSession, Page } from '@playwright/test'
import { test as base, expect } from './fixtures.ts'
import { signInInEnglish } from './mypage.ts'
import { appStarted } from './public-site.ts'
import { createPaidParticipant } from './reception.ts'

/** Requests the browser makes while offline (the feature flags, the API) fail, and Chromium logs that. */
const offlineRequestError = /Failed to load resource: net::ERR_INTERNET_DISCONNECTED/

/**
 * The test of a journey that takes the site offline: the browser's complaints about the requests it could not
 * make while the network was off are expected; any other error still fails the test.
 */
export const offlineTest = base.extend<{ offlineRequestsFail: undefined }>({
  context: async ({ context }, use) => {
    keepOfflineAcrossLoads(context)
    await use(context)
  },
  offlineRequestsFail: [
    async ({ expectConsoleError }, use) => {
      expectConsoleError(offlineRequestError)
      await use(undefined)
    },
    { auto: true },
  ],
})

/**
 * Chromium (from version 150) forgets `context.setOffline(true)` for every document loaded afterwards: the new
 * page reads `navigator.onLine` as true and never hears `offline`, although its requests still fail. A device
 * really without a network reports false, so while the context is offline this sends the emulation again to
 * each page once its document has loaded; `setOffline` waits for those sends, so none lands after the
 * network is back.
 */
function keepOfflineAcrossLoads(context: BrowserContext) {
  const setOffline = context.setOffline.bind(context)
  let offline = false
  let sends = Promise.resolve()
  // One DevTools session per page, kept open: detaching a session undoes the emulation it sent. Going back
  // online clears what these sessions sent as well as what Playwright did.
  const sessions = new Map<Page, Promise<CDPSession>>()
  const emulate = async (page: Page, offline: boolean) => {
    let session = sessions.get(page)
    if (!session) {
      session = context.newCDPSession(page)
      sessions.set(page, session)
    }
    const conditions = { offline, latency: 0, downloadThroughput: -1, uploadThroughput: -1 }
    await (await session).send('Network.emulateNetworkConditions', conditions)
  }
  const watch = (page: Page) => {
    page.on('domcontentloaded', () => {
      if (!offline || page.isClosed()) return
      sends = sends.then(() => (offline && !page.isClosed() ? emulate(page, true) : undefined))
    })
  }
  context.pages().forEach(watch)
  context.on('page', watch)
  context.setOffline = async (value: boolean) => {
    offline = value
    await sends
    await setOffline(value)
    if (!value) {
      for (const page of sessions.keys()) if (!page.isClosed()) await emulate(page, false)
    }
  }
}

/**
 * Opens `path` and resolves once the service worker is active and controls the page (from then on the site
 * works offline) and the page listens for the connection to return.
 */
export async function openUnderServiceWorker(page: Page, path: string) {
  await page.goto(path)
  await appStarted(page)
  await page.locator('html[data-offline="ready"]').waitFor({ state: 'attached' })
  // Polled rather than awaited in the page, so a failed install says where it stopped.
  await expect
    .poll(
      () =>
        page.evaluate(async () => {
          if (navigator.serviceWorker.controller) return 'controlled'
          const registration = await navigator.serviceWorker.getRegistration()
          if (!registration) return 'not registered'
          const { installing, waiting, active } = registration
          return `installing ${installing?.state}, waiting ${waiting?.state}, active ${active?.state}`
        }),
      { timeout: 30_000 },
    )
    .toBe('controlled')
}

/**
 * A new paid participant signed in on the English site, on a page the service worker controls (so the site
 * keeps what it shows for when the network is off).
 */
export async function signInPaidParticipantForOffline(page: Page, browser: Browser, badgeName: string) {
  const participant = await createPaidParticipant(browser, badgeName)
  await openUnderServiceWorker(page, '/en/sign-in')
  await signInInEnglish(page, participant)
  return participant
}

/** Opens `path` online, waits for the service worker to control the page, then cuts the network. */
export async function openThenGoOffline(page: Page, context: BrowserContext, path: string) {
  await openUnderServiceWorker(page, path)
  await context.setOffline(true)
}
