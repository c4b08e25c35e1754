import type { Page } from '@playwright/test'
import { apiUrl, callApi, createMember } from '../support/accounts.ts'
import { expect, test } from '../support/fixtures.ts'
import { notFoundAnswers, signInInEnglish } from '../support/mypage.ts'
import { offlineTest, signInPaidParticipantForOffline } from '../support/offline.ts'
import { e2eVenue, pwaUrl } from '../support/stack.ts'

// The venue is told to paid participants only (decision 123): on My Page, under the registration code, and from
// the copy on the phone when the network is off.

const venueSection = (page: Page, name: string) => page.getByRole('region', { name })

test.describe('the venue for paid participants', () => {
  offlineTest(
    'a paid member sees the venue on My Page, and under the registration code with the network off',
    async ({ page, context, browser, expectConsoleError }) => {
      test.setTimeout(120_000)
      // No profile or additional info yet: My Page's reads answer 404.
      expectConsoleError(notFoundAnswers)
      await signInPaidParticipantForOffline(page, browser, 'Venue Fox')

      const onDashboard = venueSection(page, 'Venue')
      await expect(onDashboard.getByText(e2eVenue.name.en)).toBeVisible()
      await expect(onDashboard.getByText(e2eVenue.address.en)).toBeVisible()
      await expect(onDashboard.getByText(e2eVenue.access.en)).toBeVisible()
      await expect(onDashboard.getByText('From 09:30 (Japan time) on the event day')).toBeVisible()
      await expect(onDashboard.getByRole('link', { name: 'Open the map (new window)' })).toHaveAttribute(
        'href',
        e2eVenue.map_url,
      )

      await page.goto('/ja/registration-code')
      await expect(page.getByTestId('registration-code-qr')).toBeVisible()
      await expect(venueSection(page, '会場').getByText(e2eVenue.name.ja)).toBeVisible()

      await context.setOffline(true)
      for (const [path, heading, language] of [
        ['/en/registration-code', 'Venue', 'en'],
        ['/ja/registration-code', '会場', 'ja'],
      ] as const) {
        await page.goto(path)
        await expect(page.getByTestId('registration-code-qr')).toBeVisible()
        const offline = venueSection(page, heading)
        await expect(offline.getByText(e2eVenue.name[language])).toBeVisible()
        await expect(offline.getByText(e2eVenue.address[language])).toBeVisible()
        await expect(offline.getByRole('status')).toBeVisible()
      }
    },
  )

  test('a member without a paid registration sees no venue, and the API tells nobody else', async ({
    page,
    expectConsoleError,
  }) => {
    expectConsoleError(notFoundAnswers)
    const member = await createMember('no-venue')
    expect(await callApi('GET', '/venue', member.accessToken)).toEqual({
      status: 404,
      body: { message: 'notFound' },
    })
    const anonymous = await fetch(`${apiUrl}/venue`)
    expect(anonymous.status).toBe(401)

    const pending = await callApi<{ payment_url?: string }>('POST', '/registration', member.accessToken, {
      registration_tier: 'member',
      badge_name: 'Pending Fox',
      agreed_to_rules: true,
      success_url: `${pwaUrl}/en/mypage/dashboard`,
      cancel_url: `${pwaUrl}/en/mypage/registration`,
    })
    expect(pending.status, JSON.stringify(pending.body)).toBe(201)
    expect(await callApi('GET', '/venue', member.accessToken)).toEqual({
      status: 404,
      body: { message: 'notFound' },
    })

    await page.goto('/en/sign-in')
    await signInInEnglish(page, member)
    await expect(page.getByText('Pending Fox')).toBeVisible()
    await expect(venueSection(page, 'Venue')).toHaveCount(0)
    await expect(page.getByText(e2eVenue.name.en)).toHaveCount(0)

    const deleted = await callApi('DELETE', '/registration', member.accessToken)
    expect(deleted.status).toBe(200)
    expect(await callApi('GET', '/venue', member.accessToken)).toEqual({
      status: 404,
      body: { message: 'notFound' },
    })
  })
})
