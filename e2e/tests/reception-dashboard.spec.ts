import type { DashboardWire } from '@furfes/core'
import { accessToken, apiUrl, demoAdmin } from '../support/accounts.ts'
import { expect, test } from '../support/fixtures.ts'
import { createPaidParticipant, enterCode, signInAdmin, withDevices } from '../support/reception.ts'

/*
 * The staff dashboard on the running stack (decision 130): it shows the figures the API computes for the
 * participants this test pays for, and a check-in made on a second tablet appears on the first one's dashboard
 * once it has synced. axe checks it in the screen matrix (screens.spec.ts), with every chart drawn.
 */

async function apiDashboard(token: string): Promise<DashboardWire> {
  const response = await fetch(`${apiUrl}/admin/dashboard`, { headers: { Authorization: `Bearer ${token}` } })
  expect(response.status).toBe(200)
  return (await response.json()) as DashboardWire
}

test('the dashboard shows the seeded figures and follows a check-in made on another device', async ({
  browser,
}) => {
  test.setTimeout(240_000)
  const run = Math.random().toString(36).slice(2, 8)
  const people = await Promise.all([1, 2].map((n) => createPaidParticipant(browser, `Dashboard ${n} ${run}`)))
  const admin = demoAdmin()
  const token = await accessToken('admins', admin.email, admin.password)
  const seeded = await apiDashboard(token)
  const member = seeded.tiers.find((tier) => tier.registration_tier === 'member')
  // Both people this test paid for are counted as paid members.
  expect(member?.paid).toBeGreaterThanOrEqual(people.length)

  await withDevices(browser, ['Dashboard A', 'Dashboard B'], async ([first, second]) => {
    await signInAdmin(first.page)
    await first.page.getByRole('tab', { name: 'Dashboard' }).click()
    await expect(first.page.getByTestId('dashboard-freshness')).toContainText('Figures from the server')
    const row = first.page.getByRole('row', { name: /^Member/ })
    await expect(row.locator('[data-column="capacity"]')).toHaveText(
      new Intl.NumberFormat('en').format(member?.capacity ?? -1),
    )
    // Other tests pay and check in at the same time: the page must show what the API answers now.
    const showsTheApi = async () => {
      const now = await apiDashboard(token)
      const paid = now.tiers.find((tier) => tier.registration_tier === 'member')?.paid
      return (
        (await row.locator('[data-column="paid"]').textContent()) === String(paid) &&
        (await first.page.getByTestId('dashboard-checked-in').textContent()) ===
          `${now.checked_in} of ${now.paid} checked in`
      )
    }
    await expect.poll(showsTheApi, { timeout: 60_000 }).toBe(true)

    // The second tablet checks the first person in by their code.
    const [person] = people
    if (!person) throw new Error('No participant')
    await signInAdmin(second.page)
    // Its first sync has brought the list and the signing keys: the person is listed.
    await expect(second.page.getByRole('button', { name: person.badgeName })).toBeVisible()
    await second.page.getByRole('tab', { name: 'Scan' }).click()
    const verdict = await enterCode(second.page, person.code)
    await expect(verdict).toHaveAttribute('data-verdict', 'valid')

    // The second tablet's check-in reaches the server; the first tablet learns of it at its next sync (every
    // 10 s), asks for the figures again, and shows them with that check-in counted.
    await expect
      .poll(
        async () => {
          const response = await fetch(`${apiUrl}/admin/check-ins?since=0`, {
            headers: { Authorization: `Bearer ${token}` },
          })
          const page = (await response.json()) as { items: { registration_id: string; status: string }[] }
          return page.items.some(
            (item) => item.registration_id === person.registrationId && item.status === 'accepted',
          )
        },
        { timeout: 60_000 },
      )
      .toBe(true)
    await expect.poll(showsTheApi, { timeout: 60_000 }).toBe(true)
  })
})
