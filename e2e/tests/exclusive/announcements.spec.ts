import { expect } from '../../support/fixtures.ts'
import { openUnderServiceWorker, offlineTest as test } from '../../support/offline.ts'
import { signInAdmin } from '../../support/reception.ts'

/*
 * Announcements on the running stack (docs/decisions/173-announcements.md): the committee publishes an urgent one
 * in the reception, the site shows it as a banner on its pages, and with the network off the banner still shows
 * from the list the service worker kept. Exclusive: an urgent announcement is on every page of every other test,
 * so this one withdraws it again before it ends.
 */

test('an urgent announcement published in the reception shows as a banner on the site, offline too', async ({
  page,
  context,
  browser,
}) => {
  const desk = await browser.newContext()
  const reception = await desk.newPage()
  await signInAdmin(reception)
  await reception.getByRole('tab', { name: 'Announcements' }).click()
  await reception.getByRole('button', { name: 'New announcement' }).click()
  const form = reception.getByRole('form', { name: 'New announcement' })
  await form.getByRole('textbox', { name: /Title \(Japanese\)/ }).fill('パレード遅延')
  await form.getByRole('textbox', { name: /Title \(English\)/ }).fill('Parade delayed')
  await form.getByRole('textbox', { name: /Text \(Japanese\)/ }).fill('パレードは15分遅れて始まります。')
  await form.getByRole('textbox', { name: /Text \(English\)/ }).fill('The parade starts 15 minutes late.')
  await form.getByRole('radio', { name: 'Urgent' }).check()
  await form.getByRole('button', { name: 'Publish' }).click()
  // The app asks in its own dialog before anyone is notified.
  const confirm = reception.getByRole('dialog', { name: 'Publish the announcement' })
  await confirm.getByRole('button', { name: 'Publish' }).click()
  await expect(reception.getByText('The announcement is published.')).toBeVisible()

  try {
    await openUnderServiceWorker(page, '/ja/about')
    const banner = page.getByRole('region', { name: '緊急のお知らせ' })
    await expect(banner.getByRole('status')).toContainText('パレードは15分遅れて始まります。')
    // With no network, the page and the banner come from what the service worker kept.
    await context.setOffline(true)
    await page.reload()
    await expect(banner.getByRole('status')).toContainText('パレードは15分遅れて始まります。')
    await expect(banner.getByRole('link', { name: 'お知らせの一覧' })).toHaveAttribute(
      'href',
      '/ja/timetable#announcements',
    )
    await context.setOffline(false)
    await page.goto('/en/faq')
    await expect(page.getByRole('region', { name: 'Urgent announcement' })).toContainText('Parade delayed')
  } finally {
    await reception.getByRole('button', { name: 'Withdraw “パレード遅延”' }).click()
    await reception
      .getByRole('dialog', { name: 'Withdraw the announcement' })
      .getByRole('button', { name: 'Withdraw' })
      .click()
    await expect(reception.getByText('The announcement is withdrawn.')).toBeVisible()
    await desk.close()
  }
})
