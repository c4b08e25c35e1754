import AxeBuilder from '@axe-core/playwright'
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
