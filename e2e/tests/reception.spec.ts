import { readFileSync } from 'node:fs'
import { expect, type Page, test } from '@playwright/test'
import Papa from 'papaparse'
import {
  type CameraBrowser,
  createPaidParticipant,
  enterCode,
  launchCameraBrowser,
  type PaidParticipant,
  receptionUrl,
  signInAdmin,
  verdictOf,
  withDevices,
} from '../support/reception.ts'
import { pwaUrl } from '../support/stack.ts'

/*
 * Reception against the whole running stack. Two participants pay through the Stripe
 * emulator and get real registration codes from the API. A tablet whose (fake) camera shows the first one's
 * QR code checks them in; a second tablet sees "already checked in"; a tablet that checked the second one
 * in while offline learns on reconnecting that another tablet, which found them by search, was first; the CSV
 * parses back to both rows.
 */

test.describe.configure({ mode: 'serial' })
// A step that cannot happen fails where it is, not at the test's timeout.
test.use({ actionTimeout: 15_000, navigationTimeout: 30_000 })

const run = Math.random().toString(36).slice(2, 8)
let fox: PaidParticipant
let wolf: PaidParticipant
/** Chromium with a fake camera that shows fox's registration code, as a tablet at the door would. */
let camera: CameraBrowser

test.beforeAll(async ({ browser }) => {
  test.setTimeout(120_000)
  ;[fox, wolf] = await Promise.all([
    createPaidParticipant(browser, `Fox ${run}`),
    createPaidParticipant(browser, `Wolf ${run}`),
  ])
  camera = await launchCameraBrowser(fox.code)
})

test.afterAll(async () => {
  await camera?.close()
})

/** The participant list's row of a participant, found through the list's search. */
async function participantRow(page: Page, participant: PaidParticipant) {
  await page
    .getByLabel('Search: badge name, handle name, email or registration id')
    .fill(participant.badgeName)
  return page.getByRole('row').filter({ hasText: participant.badgeName })
}

const syncChips = (page: Page) => page.getByRole('banner').getByRole('status')

test("the PWA's admin routes lead to the reception app's sign-in and participant list", async ({
  browser,
}) => {
  await withDevices(browser, ['Office'], async ([device]) => {
    await device.page.goto(`${pwaUrl}/en/admin-sign-in`)
    await device.page.waitForURL(`${receptionUrl}/en/admin-sign-in`)
    await expect(device.page.getByRole('heading', { name: 'Admin sign-in' })).toBeVisible()
    await signInAdmin(device.page)
    await device.page.goto(`${pwaUrl}/ja/admin`)
    await device.page.waitForURL(`${receptionUrl}/ja/admin`)
    await expect(device.page.getByRole('heading', { name: '参加者' })).toBeVisible()
  })
})

test('a tablet scans a paid participant in, and a second tablet sees them already checked in', async () => {
  test.setTimeout(120_000)
  await withDevices(
    camera.browser,
    ['Gate 1', 'Gate 2'],
    async ([first, second]) => {
      await signInAdmin(first.page)
      const foxRow = await participantRow(first.page, fox)
      await expect(foxRow).toContainText('Paid')
      await expect(foxRow).not.toContainText('Gate')
      // The scanner is served from the app's own origin: the decoder's .wasm included, never a CDN.
      const requests: string[] = []
      first.page.on('request', (request) => requests.push(request.url()))
      await first.page.getByRole('tab', { name: 'Scan' }).click()

      const verdict = verdictOf(first.page)
      await expect(verdict).toHaveAttribute('data-verdict', 'valid', { timeout: 20_000 })
      await expect(verdict).toContainText('Valid')
      await expect(verdict).toContainText(fox.badgeName)
      await expect(verdict).toContainText('Entry badge')
      await expect(syncChips(first.page)).toContainText('0 waiting')
      const wasm = requests.filter((url) => url.endsWith('.wasm'))
      expect(wasm).toHaveLength(1)
      expect(wasm[0]?.startsWith(`${receptionUrl}/`)).toBe(true)
      expect(requests.filter((url) => !/^http:\/\/localhost:\d+\//.test(url))).toEqual([])
      // …and precached by its service worker, for a door without network.
      const precached = await first.page.evaluate(async () => {
        await navigator.serviceWorker.ready
        const urls: string[] = []
        for (const name of await caches.keys()) {
          for (const request of await (await caches.open(name)).keys()) urls.push(request.url)
        }
        return urls
      })
      expect(precached.some((url) => /\/assets\/[^/]+\.wasm(\?|$)/.test(url))).toBe(true)

      await signInAdmin(second.page)
      // The second tablet pulls the first one's check-in on its own (it syncs every 10 s).
      await expect(await participantRow(second.page, fox)).toContainText('Gate 1', { timeout: 20_000 })
      await second.page.getByRole('tab', { name: 'Scan' }).click()
      const amber = verdictOf(second.page)
      await expect(amber).toHaveAttribute('data-verdict', 'alreadyCheckedIn', { timeout: 20_000 })
      await expect(amber).toContainText('Already checked in')
      await expect(amber).toContainText(fox.badgeName)
      await expect(amber).toContainText(/Checked in at .+ on Gate 1/)
      await expect(syncChips(second.page)).toContainText('0 waiting')
      await expect(syncChips(second.page)).not.toContainText('conflict')
    },
    { camera: true },
  )
})

test('a tablet that checked someone in offline syncs afterwards and reports that another was first', async ({
  browser,
}) => {
  test.setTimeout(120_000)
  // No camera here: staff enter the code by hand.
  await withDevices(
    browser,
    ['Gate 3', 'Gate 4'],
    async ([offline, online]) => {
      for (const device of [offline, online]) {
        await signInAdmin(device.page)
        const wolfRow = await participantRow(device.page, wolf)
        await expect(wolfRow).toContainText('Paid')
        await expect(wolfRow).not.toContainText('Gate')
        await device.page.getByRole('tab', { name: 'Scan' }).click()
        await expect(device.page.getByRole('heading', { name: 'Scan registration codes' })).toBeVisible()
      }

      await offline.context.setOffline(true)
      await expect(syncChips(offline.page)).toContainText('Offline')
      await enterCode(offline.page, wolf.code)
      await expect(verdictOf(offline.page)).toHaveAttribute('data-verdict', 'valid')
      await expect(verdictOf(offline.page)).toContainText(wolf.badgeName)
      await expect(syncChips(offline.page)).toContainText('1 waiting')

      // Meanwhile another tablet, online, finds the same person by search (a code that will not scan) and
      // checks them in: its check-in reaches the API first. Nothing looks OK until staff press "Check in".
      await online.page.getByLabel('Search participants').fill(wolf.badgeName)
      await online.page
        .getByRole('list', { name: 'Search results' })
        .getByText(wolf.badgeName, { exact: true })
        .click()
      const found = verdictOf(online.page)
      await expect(found).toHaveAttribute('data-verdict', 'notCheckedIn')
      await expect(found).toContainText('Not checked in yet')
      await found.getByRole('button', { name: 'Check in' }).click()
      await expect(found).toHaveAttribute('data-verdict', 'checkedIn')
      await expect(found).toContainText(wolf.badgeName)
      await expect(found).toContainText('Uploaded: the server has recorded the check-in.', {
        timeout: 20_000,
      })
      await expect(syncChips(online.page)).toContainText('0 waiting')

      await offline.context.setOffline(false)
      await expect(syncChips(offline.page)).toContainText('Online')
      await expect(syncChips(offline.page)).toContainText('1 conflict', { timeout: 20_000 })
      await expect(syncChips(offline.page)).toContainText('0 waiting')
      // The history says who won.
      await offline.page.getByRole('tab', { name: 'Participants' }).click()
      const row = await participantRow(offline.page, wolf)
      await expect(row).toContainText('Gate 4', { timeout: 20_000 })
      await row.getByRole('button', { name: wolf.badgeName }).click()
      await expect(offline.page.getByRole('dialog')).toContainText('Duplicate: another device was first')
    },
    // The only errors are the requests the browser could not make while the network was down.
    { toleratedErrors: { 'Gate 3': /ERR_INTERNET_DISCONNECTED/ } },
  )
})

test('the participant CSV downloads and parses back to the right rows', async ({ browser }) => {
  await withDevices(browser, ['Office'], async ([device]) => {
    await signInAdmin(device.page)
    await device.page.getByLabel('Search: badge name, handle name, email or registration id').fill(run)
    await expect(device.page.getByRole('row').filter({ hasText: run })).toHaveCount(2)
    await expect(device.page.getByRole('row').filter({ hasText: fox.badgeName })).toContainText('Gate 1')
    await expect(device.page.getByRole('row').filter({ hasText: wolf.badgeName })).toContainText('Gate 4')

    const [download] = await Promise.all([
      device.page.waitForEvent('download'),
      device.page.getByRole('button', { name: 'Download CSV' }).click(),
    ])
    expect(download.suggestedFilename()).toMatch(/^participants-\d{4}-\d{2}-\d{2}-\d{4}\.csv$/)
    const text = readFileSync(await download.path(), 'utf8')
    // Excel reads Japanese correctly only with the byte order mark.
    expect(text.charCodeAt(0)).toBe(0xfeff)
    const parsed = Papa.parse<Record<string, string>>(text.slice(1), { header: true, skipEmptyLines: true })
    expect(parsed.errors).toEqual([])
    const rows = [...parsed.data].sort((a, b) => (a.badge_name ?? '').localeCompare(b.badge_name ?? ''))
    expect(rows).toEqual([
      expect.objectContaining({
        user_id: fox.userId,
        email: fox.email,
        registration_id: fox.registrationId,
        registration_tier: 'member',
        badge_name: fox.badgeName,
        payment_status: 'paid',
        checked_in_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/),
        checked_in_device: 'Gate 1',
      }),
      expect.objectContaining({
        user_id: wolf.userId,
        email: wolf.email,
        registration_id: wolf.registrationId,
        badge_name: wolf.badgeName,
        payment_status: 'paid',
        checked_in_device: 'Gate 4',
      }),
    ])
  })
})
