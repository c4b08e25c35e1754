import { startOfDayInTokyo } from '@furfes/core'
import { expectOverState, servedEdition } from '../support/edition.ts'
import { expect, test } from '../support/fixtures.ts'

/*
 * The participant site judges the phase on the device's clock (docs/decisions/160-the-site-reads-the-edition.md):
 * a visitor whose clock is past the served edition's event day is told the edition is over and offered no way to
 * register, whatever the pages were built with and although the API, on today's clock, still sells it. That the
 * API refuses to register once it is over too is proven where the stack's edition is moved into the past
 * (tests/exclusive/edition-over.spec.ts).
 */

const hour = 3_600_000

for (const language of ['ja', 'en'] as const) {
  test(`the top page and about-registration show the over state past the event day (${language})`, async ({
    page,
  }) => {
    const { edition, phase } = await servedEdition()
    expect(phase).toBe('onSale')
    // Noon in Japan the day after the event.
    await page.clock.setFixedTime(startOfDayInTokyo(edition.eventDate) + 36 * hour)

    await page.goto(`/${language}`)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(edition.name[language])
    await expectOverState(page, language)

    await page.goto(`/${language}/about-registration`)
    await expectOverState(page, language)
  })
}
