import { axeViolations } from '../support/axe.ts'
import { expect, test } from '../support/fixtures.ts'

/*
 * The timetable page on the running stack (docs/decisions/172-timetable-as-data.md): the seeded programme as
 * text, with no axe violation of any impact. What the committee publishes, shown now and next on the event day
 * and offline, is tests/exclusive/timetable-journey.spec.ts.
 */

test('the timetable page lists the published programme as text, without an axe violation', async ({
  page,
}) => {
  await page.goto('/en/timetable')
  await expect(page.getByRole('listitem', { name: 'Fursuit parade' }).first()).toContainText('Main hall')
  await expect(page.getByText(/^Last updated /)).toBeVisible()
  await expect(page.getByRole('link', { name: 'The timetable as an image' })).toBeVisible()
  expect(await axeViolations(page)).toEqual([])
})
