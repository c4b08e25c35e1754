import { type CalendarDate, formatCalendarDate } from '@furfes/core'
import { accessToken, callApi, demoAdmin } from '../../support/accounts.ts'
import { blockingViolations } from '../../support/axe.ts'
import { servedEdition } from '../../support/edition.ts'
import { expect } from '../../support/fixtures.ts'
import { openUnderServiceWorker, offlineTest as test } from '../../support/offline.ts'
import { signInAdmin, withDevices } from '../../support/reception.ts'

/*
 * Publishing the next edition on the running stack (docs/decisions/155 and 160). The committee prepares the next
 * edition in the reception app, changes its date, a price, a capacity and the venue, and publishes it. The public
 * site was built with another edition and is not rebuilt: a visitor who had the site open (its service worker
 * holding the old edition's answer) reloads and sees the new date and price in Japanese and English, and still
 * sees them after a reload with the network off. "The old edition's pages" are this visitor's: the prerendered
 * pages and the answer kept from before, which give way to the new edition. Exclusive, since the whole stack
 * runs on the current edition; the one that was current is made current again at the end.
 */

const yen = (amount: number, language: 'ja' | 'en') => {
  const digits = String(amount).replace(/\B(?=(\d{3})+(?!\d))/g, ',')
  return language === 'ja' ? `${digits}円` : `¥${digits}`
}

/** A day a number of days after another, as the date field takes it. */
function daysAfter(date: string, days: number): CalendarDate {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000)
    .toISOString()
    .slice(0, 10) as CalendarDate
}

test('the committee publishes the next edition; the public site shows it without a rebuild, offline too', async ({
  page,
  context,
  browser,
}) => {
  test.setTimeout(240_000)
  const before = await servedEdition()
  const admin = demoAdmin()
  const restore = async () => {
    const token = await accessToken('admins', admin.email, admin.password)
    const { body } = await callApi<{ items: { edition: { id: string }; version: number }[] }>(
      'GET',
      '/admin/editions',
      token,
    )
    const old = body.items.find((stored) => stored.edition.id === before.edition.id)
    if (!old) throw new Error(`Edition ${before.edition.id} is gone`)
    const made = await callApi('POST', `/admin/editions/${old.edition.id}/publish`, token, {
      version: old.version,
    })
    expect(made.status).toBe(200)
  }

  // A visitor has the site open while the old edition is current.
  await openUnderServiceWorker(page, '/ja')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(before.edition.name.ja)

  const price = before.edition.tiers.member.priceJpy + 500
  let eventDate = '' as CalendarDate
  let nextName = ''
  try {
    await withDevices(browser, ['Committee'], async ([committee]) => {
      const staff = committee.page
      await signInAdmin(staff)
      await staff.getByRole('tab', { name: 'Edition' }).click()
      await staff.getByRole('button', { name: 'Prepare the next edition' }).click()
      await expect(staff.getByText('The next edition is prepared as a draft')).toBeVisible()

      const dateField = staff.getByLabel('Event date', { exact: true })
      eventDate = daysAfter(await dateField.inputValue(), 7)
      nextName = await staff.getByLabel('Name (Japanese)', { exact: true }).inputValue()
      await dateField.fill(eventDate)
      await staff.getByLabel('Member · price (yen)').fill(String(price))
      await staff.getByLabel('Member · capacity').fill('400')
      await staff.getByLabel('Member · on sale').check()
      await staff.getByLabel('Venue · Name (Japanese)').fill('新会場ホール')
      await staff.getByLabel('Venue · Name (English)').fill('New Hall')
      await staff.getByRole('button', { name: 'Save' }).click()
      await expect(staff.getByText('The edition is saved.')).toBeVisible()

      await staff.getByRole('button', { name: 'Publish and make current' }).click()
      const question = staff.getByRole('dialog', { name: 'Publish the edition' })
      await expect(question).toContainText(`Make "${nextName}" the current edition?`)
      expect(await blockingViolations(staff), 'the publish question').toEqual([])
      await question.getByRole('button', { name: 'Publish' }).click()
      await expect(staff.getByRole('dialog')).toHaveCount(0)
      await expect(staff.getByText(/^Edition .+ is now current\.$/)).toBeVisible()
    })

    const after = await servedEdition()
    expect(after.edition).toMatchObject({
      eventDate,
      tiers: { member: { priceJpy: price, capacity: 400, onSale: true } },
    })

    // No rebuild: the same pages, reloaded, read the new edition.
    for (const language of ['ja', 'en'] as const) {
      const date = formatCalendarDate(eventDate, language, { weekday: true })
      await page.goto(`/${language}`)
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(after.edition.name[language])
      await expect(page.locator('.date')).toContainText(date)
      await page.goto(`/${language}/about-registration`)
      await expect(page.getByText(yen(price, language), { exact: true })).toBeVisible()
    }
    expect(after.edition.name.ja).toBe(nextName)

    // With the network off, a reload shows the last known edition, not the one the pages were built with.
    await context.setOffline(true)
    await page.goto('/ja')
    await page.reload()
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(after.edition.name.ja)
    await expect(page.locator('.date')).toContainText(formatCalendarDate(eventDate, 'ja', { weekday: true }))
    await page.goto('/en/about-registration')
    await expect(page.getByText(yen(price, 'en'), { exact: true })).toBeVisible()
    await context.setOffline(false)
  } finally {
    await restore()
  }
})
