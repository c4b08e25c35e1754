import type { DashboardWire, ParticipantWire } from '@furfes/core'
import type { Page } from '@playwright/test'
import { accessToken, apiUrl, demoAdmin } from '../support/accounts.ts'
import { expect, test } from '../support/fixtures.ts'
import { createPaidParticipant, enterCode, signInAdmin, withDevices } from '../support/reception.ts'

/*
 * Goods handed out at the door on the running stack (docs/decisions/180-goods-handed-out.md): with the network
 * off, the verdict lists a sponsor's goods with a checkbox each; ticks made offline on two tablets reach the API
 * once each after reconnecting (the same line ticked on both keeps the first to arrive) and count on the
 * dashboard.
 */

async function apiGet<T>(path: string, token: string): Promise<T> {
  const response = await fetch(`${apiUrl}${path}`, { headers: { Authorization: `Bearer ${token}` } })
  expect(response.status).toBe(200)
  return (await response.json()) as T
}

const tShirtLine = (dashboard: DashboardWire) =>
  dashboard.goods.find((line) => line.goods === 'tShirt' && line.t_shirt_size === 'L')

async function scanOffline(page: Page, code: string) {
  const verdict = await enterCode(page, code)
  await expect(verdict).toHaveAttribute('data-verdict', 'valid')
  return verdict
}

test('goods ticked offline on two tablets reach the server once each and count on the dashboard', async ({
  browser,
}) => {
  test.setTimeout(240_000)
  const run = Math.random().toString(36).slice(2, 8)
  const person = await createPaidParticipant(browser, `Goods ${run}`, {
    registration_tier: 'sponsor',
    t_shirt_size: 'L',
  })
  const admin = demoAdmin()
  const token = await accessToken('admins', admin.email, admin.password)
  const before = tShirtLine(await apiGet<DashboardWire>('/admin/dashboard', token))

  await withDevices(
    browser,
    ['Goods A', 'Goods B'],
    async ([first, second]) => {
      for (const device of [first, second]) {
        await signInAdmin(device.page)
        // The first sync brings the person and the signing keys: the door judges offline by them.
        await device.page
          .getByLabel('Search: badge name, handle name, email or registration id')
          .fill(person.badgeName)
        await expect(device.page.getByRole('table', { name: 'Participants' })).toContainText(
          person.badgeName,
          {
            timeout: 30_000,
          },
        )
        await device.page.getByRole('tab', { name: 'Scan' }).click()
        await expect(device.page.getByRole('heading', { name: 'Scan registration codes' })).toBeVisible()
        await expect(device.page.getByText(/has no signing keys yet/)).toHaveCount(0, { timeout: 30_000 })
        await device.context.setOffline(true)
      }

      const onFirst = await scanOffline(first.page, person.code)
      await expect(onFirst.getByRole('checkbox')).toHaveCount(6)
      await expect(onFirst.getByRole('checkbox', { name: 'Official T-shirt (size L)' })).not.toBeChecked()
      await onFirst.getByRole('checkbox', { name: 'Official T-shirt (size L)' }).check()
      await onFirst.getByRole('checkbox', { name: 'Conbook' }).check()

      const onSecond = await scanOffline(second.page, person.code)
      await expect(onSecond.getByRole('checkbox', { name: 'Conbook' })).not.toBeChecked()
      await onSecond.getByRole('checkbox', { name: 'Conbook' }).check()
      await onSecond.getByRole('checkbox', { name: 'Tote bag' }).check()
      await expect(onSecond.getByRole('checkbox', { name: 'Tote bag' })).toBeChecked()

      // Back online: each tablet uploads its ticks; the conbook ticked on both keeps the first to arrive.
      for (const device of [first, second]) await device.context.setOffline(false)
      const handed = async () => {
        const list = await apiGet<{ items: ParticipantWire[] }>('/admin/participants', token)
        const entry = list.items.find((participant) => participant.registration?.id === person.registrationId)
        return (entry?.goods_handed ?? []).map((line) => line.goods).sort()
      }
      await expect.poll(handed, { timeout: 60_000 }).toEqual(['conbook', 'tShirt', 'toteBag'])

      // The dashboard counts the T-shirt handed out.
      await first.page.getByRole('tab', { name: 'Dashboard' }).click()
      const goods = first.page.getByRole('region', { name: 'Goods handed out' })
      const after = async () => tShirtLine(await apiGet<DashboardWire>('/admin/dashboard', token))
      await expect
        .poll(async () => (await after())?.handed_out, { timeout: 30_000 })
        .toBe((before?.handed_out ?? 0) + 1)
      const line = await after()
      await expect(goods).toContainText(`T-shirts L: ${line?.handed_out} of ${line?.expected} handed out`, {
        timeout: 30_000,
      })
    },
    {
      // The only errors are the requests the browsers could not make while the network was down.
      toleratedErrors: { 'Goods A': /ERR_INTERNET_DISCONNECTED/, 'Goods B': /ERR_INTERNET_DISCONNECTED/ },
    },
  )
})
