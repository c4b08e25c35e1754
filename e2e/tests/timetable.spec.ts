import AxeBuilder from '@axe-core/playwright'
import { servedEdition } from '../support/edition.ts'
import { expect } from '../support/fixtures.ts'
import { openThenGoOffline, offlineTest as test } from '../support/offline.ts'

/*
 * The timetable page on the running stack (docs/decisions/172-timetable-as-data.md): the seeded programme as
 * text, with no axe violation of any impact, and the same page again with the network off, from the answer the
 * service worker kept.
 */

test('the timetable page lists the published programme as text, without an axe violation', async ({
  page,
}) => {
  await page.goto('/en/timetable')
  await expect(page.getByRole('listitem', { name: 'Fursuit parade' }).first()).toContainText('Main hall')
  await expect(page.getByText(/^Last updated /)).toBeVisible()
  await expect(page.getByRole('link', { name: 'The timetable as an image' })).toBeVisible()
  const { violations } = await new AxeBuilder({ page }).analyze()
  expect(violations.map((violation) => `${violation.impact}: ${violation.id}`)).toEqual([])
})

test('the timetable opens offline on the last published version', async ({ page, context }) => {
  await openThenGoOffline(page, context, '/ja/timetable')
  await page.reload()
  await expect(page.getByRole('listitem', { name: '着ぐるみパレード' }).first()).toContainText('メインホール')
  await expect(page.getByText(/^最終更新 /)).toBeVisible()
})

test('on the event day the page shows what is on now and what comes next, by the clock in Tokyo', async ({
  page,
}) => {
  const { edition } = await servedEdition()
  // 11:00 in Tokyo on the event day: the parade (hall) and the photo club's shoot are on; the talk show is next.
  await page.clock.setFixedTime(new Date(`${edition.eventDate}T11:00:00+09:00`))
  await page.goto('/en/timetable')
  const listAfter = (heading: string) =>
    page.getByRole('heading', { level: 3, name: heading }).locator('xpath=following-sibling::*[1]')
  const onNow = listAfter('On now')
  await expect(onNow.getByRole('listitem', { name: 'Fursuit parade' })).toBeVisible()
  await expect(onNow.getByRole('listitem', { name: 'Photo club shoot' })).toBeVisible()
  await expect(onNow.getByRole('listitem', { name: 'Talk show: furry art today' })).toHaveCount(0)
  const upNext = listAfter('Up next')
  await expect(upNext.getByRole('listitem', { name: 'Talk show: furry art today' })).toBeVisible()
  await expect(upNext.getByRole('listitem', { name: 'Fursuit parade' })).toHaveCount(0)
})
