import { expect, type Page, test } from '@playwright/test'
import { blockingViolations } from '../support/axe.ts'
import {
  createPaidParticipant,
  enterCode,
  type PaidParticipant,
  readDatabase,
  receptionUrl,
  signInAdmin,
  withDevices,
} from '../support/reception.ts'

/*
 * Decision 077 on a real tablet: signing out forgets the participant list (emails included) in IndexedDB,
 * while a check-in recorded offline and not yet uploaded stays, goes up after the next sign-in, and is gone
 * after the sign-out that follows.
 *
 * Signing out ends only this tablet's session (RevokeToken), so tests signed in as the same demo admin in
 * parallel, like tablets sharing the account at the door, carry on.
 */

test.use({ actionTimeout: 15_000, navigationTimeout: 30_000 })

const syncChips = (page: Page) => page.getByRole('banner').getByRole('status')

async function signOut(page: Page) {
  await page.getByRole('button', { name: 'Sign out' }).click()
  await expect(page.getByRole('heading', { name: 'Admin sign-in' })).toBeVisible()
  await page.waitForURL(`${receptionUrl}/en/admin-sign-in`)
}

let otter: PaidParticipant

test.beforeAll(async ({ browser }) => {
  test.setTimeout(120_000)
  otter = await createPaidParticipant(browser, `Otter ${Math.random().toString(36).slice(2, 8)}`)
})

test('sign-out wipes the participants from IndexedDB and keeps an offline check-in until it is uploaded', async ({
  browser,
}) => {
  test.setTimeout(120_000)
  await withDevices(
    browser,
    ['Gate 7'],
    async ([{ page, context }]) => {
      await signInAdmin(page)
      await page.getByLabel('Search: badge name, handle name, email or registration id').fill(otter.badgeName)
      await expect(page.getByRole('row').filter({ hasText: otter.badgeName })).toContainText('Paid')
      const before = await readDatabase(page)
      expect(before.participants.length).toBeGreaterThan(0)
      expect(before.text).toContain(otter.email)

      // At the door without network: the code is checked in here and waits for upload.
      await page.getByRole('tab', { name: 'Scan' }).click()
      await context.setOffline(true)
      await expect(syncChips(page)).toContainText('Offline')
      await expect(await enterCode(page, otter.code)).toHaveAttribute('data-verdict', 'valid')
      await expect(syncChips(page)).toContainText('1 waiting')

      // Signing out while offline: the app's own question tells staff the check-in stays and the participant
      // list goes; "stay signed in" changes nothing, signing out is chosen by name.
      await page.getByRole('button', { name: 'Sign out' }).click()
      const question = page.getByRole('dialog', { name: 'Sign out?' })
      await expect(question).toContainText('1 check-in has not been uploaded yet')
      expect(await blockingViolations(page), 'the sign-out question').toEqual([])
      await question.getByRole('button', { name: 'Stay signed in' }).click()
      await expect(page.getByRole('dialog')).toHaveCount(0)
      expect((await readDatabase(page)).text).toContain(otter.email)
      await page.getByRole('button', { name: 'Sign out' }).click()
      await question.getByRole('button', { name: 'Sign out and erase the participant list' }).click()
      await expect(page.getByRole('heading', { name: 'Admin sign-in' })).toBeVisible()
      await page.waitForURL(`${receptionUrl}/en/admin-sign-in`)
      const signedOut = await readDatabase(page)
      expect(signedOut.participants).toEqual([])
      expect(signedOut.checkIns).toEqual([
        expect.objectContaining({ registrationId: otter.registrationId, deviceName: 'Gate 7' }),
      ])
      expect(signedOut.checkIns[0]).not.toHaveProperty('status')
      expect(signedOut.meta).not.toContain('cursor')
      expect(signedOut.text).not.toContain(otter.email)
      expect(signedOut.text).not.toContain(otter.badgeName)

      // Back online, a reload reads the same from the disk (nothing was only hidden in memory), and the next
      // sign-in uploads the check-in first; the API accepts it.
      await context.setOffline(false)
      await page.reload()
      await expect(page.getByRole('heading', { name: 'Admin sign-in' })).toBeVisible()
      const reloaded = await readDatabase(page)
      expect(reloaded.participants).toEqual([])
      expect(reloaded.checkIns).toHaveLength(1)
      await signInAdmin(page)
      await expect(syncChips(page)).toContainText('0 waiting', { timeout: 20_000 })
      await page.getByLabel('Search: badge name, handle name, email or registration id').fill(otter.badgeName)
      await expect(page.getByRole('row').filter({ hasText: otter.badgeName })).toContainText('Gate 7')
      await expect
        .poll(
          async () =>
            (await readDatabase(page)).checkIns.find((item) => item.registrationId === otter.registrationId)
              ?.status,
        )
        .toBe('accepted')

      // Uploaded, it is no longer kept past the next sign-out.
      await signOut(page)
      const afterUpload = await readDatabase(page)
      expect(afterUpload.participants).toEqual([])
      expect(afterUpload.checkIns).toEqual([])
      expect(afterUpload.text).not.toContain(otter.email)
    },
    // The only errors are the requests the browser could not make while the network was down.
    { toleratedErrors: { 'Gate 7': /ERR_INTERNET_DISCONNECTED/ } },
  )
})
