import { demoStaff } from '../support/accounts.ts'
import { expect, test } from '../support/fixtures.ts'
import {
  createPaidParticipant,
  enterCode,
  readDatabase,
  signInAdmin,
  withDevices,
} from '../support/reception.ts'

/*
 * Least privilege at the door (decision 156): the demo door account signs in, finds and checks people in, and is
 * offered nothing it may not do — no refund, no settings, no CSV — and its tablet keeps no email address.
 */

test('a door volunteer scans and checks in, sees no refund, settings or CSV, and its tablet holds no email address', async ({
  browser,
}) => {
  test.setTimeout(120_000)
  const person = await createPaidParticipant(browser, `Door ${Math.random().toString(36).slice(2, 8)}`)

  await withDevices(browser, ['Door 1'], async ([{ page }]) => {
    await signInAdmin(page, demoStaff('door'))
    const sections = page.getByRole('tablist', { name: 'Sections' })
    await expect(sections.getByRole('tab')).toHaveText(['Scan', 'Participants'])
    await expect(page.getByRole('button', { name: 'Download CSV' })).toHaveCount(0)

    // The person is found by badge name; their details leave out the email address and the refund.
    await page.getByLabel('Search: badge name, handle name, email or registration id').fill(person.badgeName)
    await page.getByRole('button', { name: person.badgeName }).click()
    const dialog = page.getByRole('dialog', { name: person.badgeName })
    await expect(dialog.getByRole('button', { name: 'Check in' })).toBeVisible()
    await expect(dialog).not.toContainText(person.email)
    await expect(dialog.getByRole('button', { name: 'Cancel and refund' })).toHaveCount(0)
    await dialog.getByRole('button', { name: 'Close' }).click()

    await sections.getByRole('tab', { name: 'Scan' }).click()
    await expect(await enterCode(page, person.code)).toHaveAttribute('data-verdict', 'valid')

    // Settings are not the door's, even typed into the address bar.
    await page.goto(page.url().replace(/\/scan$/, '/settings'))
    await expect(page.getByText('Your staff role does not include this screen.')).toBeVisible()

    const stored = await readDatabase(page)
    expect(stored.participants.length).toBeGreaterThan(0)
    expect(stored.text).toContain(person.badgeName)
    expect(stored.text).not.toMatch(/[\w.+-]+@[\w-]+\.[\w.]+/)
  })
})
