import { callApi, createMember } from '../support/accounts.ts'
import { expect, test } from '../support/fixtures.ts'
import { cancelUrl, stripeEventsOf, stripeUrl, successUrl } from '../support/payment.ts'
import { pwaUrl } from '../support/stack.ts'

/*
 * Paying for a registration on the running stack (`npm start`): the API opens a Checkout Session on the Stripe
 * emulator through the official SDK, a person pays on the emulator's hosted page in the browser, and the
 * emulator's signed webhook is what turns the registration paid.
 */

async function startRegistration(accessToken: string, badgeName: string) {
  const created = await callApi<{ payment_url: string }>('POST', '/registration', accessToken, {
    registration_tier: 'member',
    badge_name: badgeName,
    agreed_to_rules: true,
    success_url: successUrl,
    cancel_url: cancelUrl,
  })
  expect(created.status, JSON.stringify(created.body)).toBe(201)
  const paymentUrl = created.body.payment_url
  expect(paymentUrl.startsWith(`${stripeUrl}/c/pay/cs_test_`)).toBe(true)
  return { paymentUrl, sessionId: new URL(paymentUrl).pathname.split('/').at(-1) ?? '' }
}

const paymentStatus = async (accessToken: string) =>
  (await callApi<{ payment_status?: string }>('GET', '/registration', accessToken)).body.payment_status

test.describe('payment on the Stripe emulator', () => {
  test('a member pays with the test card 4242 and the signed webhook turns the registration paid', async ({
    page,
  }) => {
    const member = await createMember()
    const { paymentUrl, sessionId } = await startRegistration(member.accessToken, 'Pay Fox')
    expect(await paymentStatus(member.accessToken)).toBe('pending')

    await page.goto(paymentUrl)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('参加登録（一般参加）')
    await expect(page.getByText('¥3,000').first()).toBeVisible()
    await page.getByLabel('カード番号').fill('4242 4242 4242 4242')
    await page.getByLabel('有効期限 (MM/YY)').fill('12/34')
    await page.getByLabel('セキュリティコード (CVC)').fill('123')
    await page.getByLabel('カード名義人').fill('Pay Fox')
    await page.getByRole('button', { name: '¥3,000 を支払う' }).click()

    // Back to the PWA (which, with nobody signed in there, goes on to its sign-in page).
    await page.waitForURL(`${pwaUrl}/ja/**`)
    await expect.poll(() => paymentStatus(member.accessToken), { timeout: 20_000 }).toBe('paid')
    expect(await stripeEventsOf(sessionId)).toEqual([
      { type: 'checkout.session.completed', state: 'delivered' },
    ])
    expect((await callApi('GET', '/registration/jwt', member.accessToken)).status).toBe(200)
  })

  test('a declined card leaves the registration pending; cancelling ends the session', async ({
    page,
    expectConsoleError,
  }) => {
    // The hosted page answers a declined payment with 402, as Stripe's API does; Chromium logs that status.
    expectConsoleError(/status of 402 \(Payment Required\)/)
    const member = await createMember()
    const { paymentUrl, sessionId } = await startRegistration(member.accessToken, 'Declined Fox')

    await page.goto(paymentUrl)
    await page.getByLabel('カード番号').fill('4000 0000 0000 0002')
    await page.getByLabel('有効期限 (MM/YY)').fill('12/34')
    await page.getByLabel('セキュリティコード (CVC)').fill('123')
    await page.getByLabel('カード名義人').fill('Declined Fox')
    await page.getByRole('button', { name: '¥3,000 を支払う' }).click()

    await expect(page.getByRole('alert')).toHaveText('カードが拒否されました。')
    expect(page.url()).toBe(paymentUrl)
    expect(await stripeEventsOf(sessionId)).toEqual([])
    expect(await callApi('GET', '/registration', member.accessToken)).toMatchObject({
      status: 200,
      body: { payment_status: 'pending', payment_url: paymentUrl },
    })

    const canceled = await callApi('DELETE', '/registration', member.accessToken)
    expect(canceled).toMatchObject({
      status: 200,
      body: { payment_status: 'canceled', badge_name: 'Declined Fox' },
    })
    await expect
      .poll(() => stripeEventsOf(sessionId), { timeout: 20_000 })
      .toEqual([{ type: 'checkout.session.expired', state: 'delivered' }])
    await page.goto(paymentUrl)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      'このお支払いページは有効期限が切れました',
    )
    expect(await paymentStatus(member.accessToken)).toBe('canceled')
  })
})
