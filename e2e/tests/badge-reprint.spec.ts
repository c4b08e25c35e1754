import { accessToken, callApi, demoAdmin } from '../support/accounts.ts'
import { expect, test } from '../support/fixtures.ts'
import { signInInEnglish } from '../support/mypage.ts'
import {
  createPaidParticipant,
  enterCode,
  receptionUrl,
  signInAdmin,
  withDevices,
} from '../support/reception.ts'
import { answerRewritten } from '../support/routes.ts'

/*
 * A badge name changed on My Page after the badge was printed (decisions 166 and 170): the badge desk's printed
 * mark is on the server, the change flags the badge for a reprint, and the next badge sheet and the door's
 * verdict show the new name.
 */

test('a badge name changed on My Page shows on the next badge sheet, marked to print again, and at the door', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000)
  const run = Math.random().toString(36).slice(2, 7)
  const person = await createPaidParticipant(browser, `Old Fox ${run}`)
  const newName = `New Fox ${run}`
  const admin = demoAdmin()
  const adminToken = await accessToken('admins', admin.email, admin.password)
  const badgePrint = async () => {
    const list = await callApi<{ items: { registration?: { id?: string }; badge_print?: unknown }[] }>(
      'GET',
      '/admin/participants',
      adminToken,
    )
    return list.body.items.find((item) => item.registration?.id === person.registrationId)?.badge_print
  }

  await withDevices(browser, ['Badge desk'], async ([desk]) => {
    await signInAdmin(desk.page)
    await desk.page.goto(`${receptionUrl}/en/admin/badges?registration=${person.registrationId}`)
    await expect(desk.page.locator('[data-badge-name]')).toHaveText([person.badgeName])
    await desk.page.getByRole('button', { name: 'Mark this badge as printed' }).click()
    // The mark reaches the server, where every desk reads it.
    await expect
      .poll(badgePrint, { timeout: 20_000 })
      .toMatchObject({ device_name: 'Badge desk', reprint_needed: false })

    // The participant changes the badge name on My Page.
    await page.goto('/en/sign-in')
    await signInInEnglish(page, person)
    await page.goto('/en/mypage/registration')
    await page.getByRole('button', { name: 'Change details' }).click()
    await page.getByLabel(/Badge name/).fill(newName)
    await page.getByRole('button', { name: 'Save changes' }).click()
    await expect(page.getByText('Saved. A confirmation mail is on its way.')).toBeVisible()
    // The registration's history says so too (decision 171).
    await expect(
      page.getByRole('region', { name: 'History of this registration' }).getByRole('listitem').last(),
    ).toContainText('Changed the badge name.')
    expect(await badgePrint()).toMatchObject({ reprint_needed: true })

    // The desk's next sync brings the new name, marked to print again.
    await desk.page.getByRole('button', { name: 'Sync', exact: true }).click()
    await expect(desk.page.locator('[data-badge-name]')).toHaveText([newName])
    await expect(
      desk.page.getByText(`Print again: ${newName} changed their details after the badge was printed.`),
    ).toBeVisible()

    // At the door the verdict names the participant by the new name.
    await desk.page.getByRole('tab', { name: 'Scan' }).click()
    const verdict = await enterCode(desk.page, person.code)
    await expect(verdict).toContainText('Valid')
    await expect(verdict).toContainText(newName)

    // The committee reprints a past edition's badge: it carries that edition's name, not the current one's nor
    // none (decision 206). This stack holds one edition, so the API's answers for a past one are given here:
    // the edition in the list, and this participant as its only one.
    const past = {
      id: `past-${run}`,
      name: { ja: `東京ふぁーりーフェス 過去回 ${run}`, en: `Past Fes ${run}` },
    }
    type StoredEditions = { items: { edition: { id: string; name: unknown }; current: boolean }[] }
    await desk.page.route(
      (url) => url.pathname.endsWith('/admin/editions'),
      (route) =>
        answerRewritten<StoredEditions>(route, ({ items }) => {
          const current = items.find((item) => item.current) ?? items[0]
          const pastItem = current && { ...current, current: false, edition: { ...current.edition, ...past } }
          return { items: [...items, ...(pastItem ? [pastItem] : [])] }
        }),
    )
    const inPast = (url: URL, path: string) =>
      url.pathname.endsWith(path) && url.searchParams.get('edition') === past.id
    await desk.page.route(
      (url) => inPast(url, '/admin/participants'),
      (route) => {
        const current = new URL(route.request().url())
        current.searchParams.delete('edition')
        return answerRewritten<{ items: { registration?: { id?: string } }[] }>(
          route,
          ({ items }) => ({ items: items.filter((item) => item.registration?.id === person.registrationId) }),
          { url: current.toString() },
        )
      },
    )
    await desk.page.route(
      (url) => inPast(url, '/admin/check-ins'),
      (route) => route.fulfill({ json: { items: [], next_cursor: 'none', has_more: false } }),
    )
    await desk.page.goto(
      `${receptionUrl}/en/admin/badges?${new URLSearchParams({ edition: past.id, registration: person.registrationId })}`,
    )
    await expect(desk.page.getByText(`Past festival "${past.name.en}"`, { exact: false })).toBeVisible()
    await expect(desk.page.locator('[data-badge-name]')).toHaveText([newName])
    await expect(desk.page.locator('[data-badge-event]')).toHaveText([past.name.en])
  })
})
