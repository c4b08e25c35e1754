import type { AddonListWire } from '@furfes/core'
import { decodeJwt } from 'jose'
import { accessToken, apiUrl, callApi, demoAdmin } from '../support/accounts.ts'
import { expect, test } from '../support/fixtures.ts'
import {
  createPaidParticipant,
  enterCode,
  payOnHostedPage,
  signInAdmin,
  withDevices,
} from '../support/reception.ts'
import { pwaUrl } from '../support/stack.ts'

/*
 * What the door needs to know, offline, on the running stack: a minor (decision 184) who registered once their
 * guardian confirmed, bought the cooking club tasting (decision 178) and has a staff note (decision 175); with
 * the network off the verdict shows the goods with the tasting ticket, the guardian and the note, and the
 * guardian's verdict lists the minor.
 */

test('offline, the verdict shows the tasting ticket, the goods, the minor’s guardian and the staff note', async ({
  browser,
}) => {
  test.setTimeout(240_000)
  const run = Math.random().toString(36).slice(2, 8)
  const guardian = await createPaidParticipant(browser, `Guardian ${run}`)
  const minor = await createPaidParticipant(
    browser,
    `Minor ${run}`,
    { registration_tier: 'sponsor', t_shirt_size: 'L' },
    async (member) => {
      const named = await callApi('PUT', '/registration/guardian', member.accessToken, {
        guardian_email: guardian.email,
      })
      expect(named.status, JSON.stringify(named.body)).toBe(200)
      // Before the guardian confirms, the API refuses the minor's checkout with the catalogue message.
      const refused = await callApi('POST', '/registration', member.accessToken, {
        registration_tier: 'member',
        badge_name: 'Too early',
        agreed_to_rules: true,
        success_url: `${pwaUrl}/en/mypage/dashboard`,
        cancel_url: `${pwaUrl}/en/mypage/registration`,
        minor: true,
      })
      expect(refused).toMatchObject({ status: 409, body: { message: 'guardianNotConfirmed' } })
      const { sub } = decodeJwt(member.accessToken)
      const confirmed = await callApi(
        'POST',
        `/registration/guardian-requests/${sub}`,
        guardian.accessToken,
        {
          confirm: true,
        },
      )
      expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200)
    },
  )

  // The minor buys the tasting through Checkout on the Stripe emulator.
  const bought = await callApi<{ payment_url?: string }>(
    'POST',
    '/registration/addons/cooking_club_tasting',
    minor.accessToken,
    { success_url: `${pwaUrl}/en/mypage/dashboard`, cancel_url: `${pwaUrl}/en/mypage/dashboard` },
  )
  expect(bought.status, JSON.stringify(bought.body)).toBe(201)
  await payOnHostedPage(browser, bought.body.payment_url ?? '')
  await expect
    .poll(
      async () =>
        (await callApi<AddonListWire>('GET', '/registration/addons', minor.accessToken)).body.items[0]
          ?.purchase?.status,
      { timeout: 20_000 },
    )
    .toBe('paid')

  // The desk leaves a note for the door.
  const admin = demoAdmin()
  const staffToken = await accessToken('admins', admin.email, admin.password)
  const note = `Asked for a quiet room ${run}`
  const saved = await fetch(`${apiUrl}/admin/registrations/${minor.registrationId}/attention`, {
    method: 'PUT',
    headers: { Authorization: `Bearer ${staffToken}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ flagged: false, note }),
  })
  expect(saved.status).toBe(200)

  await withDevices(
    browser,
    ['Door offline'],
    async ([device]) => {
      const { page, context } = device
      await signInAdmin(page)
      // The first sync brings the people and the signing keys: the door judges offline by them.
      await page.getByLabel('Search: badge name, handle name, email or registration id').fill(minor.badgeName)
      await expect(page.getByRole('table', { name: 'Participants' })).toContainText(minor.badgeName, {
        timeout: 30_000,
      })
      await page.getByRole('tab', { name: 'Scan' }).click()
      await expect(page.getByRole('heading', { name: 'Scan registration codes' })).toBeVisible()
      await expect(page.getByText(/has no signing keys yet/)).toHaveCount(0, { timeout: 30_000 })
      await context.setOffline(true)

      const verdict = await enterCode(page, minor.code)
      await expect(verdict).toHaveAttribute('data-verdict', 'valid')
      await expect(verdict.getByRole('checkbox', { name: /Cooking club tasting/ })).toBeVisible()
      await expect(verdict.getByRole('checkbox', { name: 'Official T-shirt (size L)' })).toBeVisible()
      await expect(verdict.getByRole('checkbox', { name: 'Conbook' })).toBeVisible()
      await expect(verdict).toContainText('Aged 13 or under: the guardian must be present')
      await expect(verdict).toContainText(`Guardian: ${guardian.badgeName} (registration ending`)
      await expect(verdict).toContainText(note)

      await page.getByRole('button', { name: 'Next' }).click()
      const guardianVerdict = await enterCode(page, guardian.code)
      await expect(guardianVerdict).toHaveAttribute('data-verdict', 'valid')
      await expect(guardianVerdict).toContainText('Guardian of:')
      await expect(guardianVerdict).toContainText(minor.badgeName)
    },
    // The only errors are the requests the browser could not make while the network was down.
    { toleratedErrors: { 'Door offline': /ERR_INTERNET_DISCONNECTED/ } },
  )
})
