import { addCalendarDays, type CalendarDate, calendarDateInTokyo, startOfDayInTokyo } from '@furfes/core'
import { accessToken, callApi, createMember, demoAdmin } from '../../support/accounts.ts'
import { expectOverState, servedEdition } from '../../support/edition.ts'
import { expect, test } from '../../support/fixtures.ts'
import { freshEmail, notFoundAnswers, signUpAndSignIn } from '../../support/mypage.ts'
import { cancelUrl, successUrl } from '../../support/payment.ts'

/*
 * An edition that is over, on the running stack (docs/decisions/160-the-site-reads-the-edition.md). The API
 * judges the phase on its own clock, so the browser's clock alone cannot show it the edition is over: the
 * committee's settings API saves the current edition with every date moved back so that its event day was two
 * days ago, as a rehearsal would, and puts the record back at the end. Exclusive, since every other test runs on
 * the current edition being on sale.
 */

const day = 86_400_000

interface StoredWire {
  edition: Record<string, unknown> & { id: string; event_date: CalendarDate }
  version: number
  current: boolean
}

/** Every day in the wire record (`2025-05-10`), at any depth, moved by a number of days. */
function moveDates(value: unknown, days: number): unknown {
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value))
    return addCalendarDays(value as CalendarDate, days)
  if (Array.isArray(value)) return value.map((item) => moveDates(item, days))
  if (typeof value === 'object' && value !== null)
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, moveDates(item, days)]))
  return value
}

test('an edition whose event is over: its pages say so in ja and en, offer no registration, and the API refuses one', async ({
  page,
  expectConsoleError,
}) => {
  test.setTimeout(180_000)
  expectConsoleError(notFoundAnswers)
  const admin = demoAdmin()
  const adminToken = await accessToken('admins', admin.email, admin.password)
  const currentStored = async () => {
    const { body } = await callApi<{ items: StoredWire[] }>('GET', '/admin/editions', adminToken)
    const current = body.items.find((stored) => stored.current)
    if (!current) throw new Error('No current edition')
    return current
  }
  const save = async (edition: StoredWire['edition']) => {
    const { version } = await currentStored()
    const saved = await callApi('PUT', `/admin/editions/${edition.id}`, adminToken, { edition, version })
    expect(saved.status, JSON.stringify(saved.body)).toBe(200)
  }

  const before = await currentStored()
  expect((await servedEdition()).phase).toBe('onSale')
  // A member signed in on My Page while the edition was on sale.
  await signUpAndSignIn(page, 'ja', freshEmail('over'))
  const member = await createMember('over-api')

  const twoDaysAgo = calendarDateInTokyo(Date.now() - 2 * day)
  const shift = Math.round(
    (startOfDayInTokyo(twoDaysAgo) - startOfDayInTokyo(before.edition.event_date)) / day,
  )
  try {
    await save(moveDates(before.edition, shift) as StoredWire['edition'])
    // The API's reader keeps the edition for a few seconds.
    await expect.poll(async () => (await servedEdition()).phase, { timeout: 15_000 }).toBe('over')

    for (const language of ['ja', 'en'] as const) {
      await page.goto(`/${language}`)
      await expectOverState(page, language)
      await page.goto(`/${language}/about-registration`)
      await expectOverState(page, language)
      await page.goto(`/${language}/mypage/dashboard`)
      await expectOverState(page, language)
    }

    const refused = await callApi('POST', '/registration', member.accessToken, {
      registration_tier: 'member',
      badge_name: 'Too Late',
      agreed_to_rules: true,
      success_url: successUrl,
      cancel_url: cancelUrl,
    })
    expect(refused).toEqual({ status: 409, body: { message: 'editionOver' } })
  } finally {
    await save(before.edition)
  }
  await expect.poll(async () => (await servedEdition()).phase, { timeout: 15_000 }).toBe('onSale')
})
